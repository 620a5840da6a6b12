package dev.brink.threads;

import java.util.List;

/**
 * The library a busy thread's CPU goes to, read from its stack the way collapsed stacks from async-profiler or
 * show-busy-java-threads are read: the known library the application called into, i.e. the library frame
 * nearest below the first application frame. The leaf alone says too little or the wrong thing: a regex spends
 * its time in String.charAt, a date formatter copies arrays through java.lang.reflect.Array, a JSON mapper
 * reflects on beans, a logger formats; what the application asked for is the library it entered.
 */
public enum CodeLibrary {
    REGEX("java.util.regex.", "com.google.re2j.", "jdk.internal.util.regex."),
    FORMATTING("java.text.", "java.time.format.", "java.util.Formatter", "sun.util.locale.provider.",
            "sun.util.calendar."),
    CRYPTO("javax.crypto.", "java.security.", "sun.security.", "com.sun.crypto.", "org.bouncycastle."),
    LOGGING("org.apache.logging.log4j.", "org.apache.log4j.", "org.slf4j.", "ch.qos.logback.", "java.util.logging."),
    JSON("com.fasterxml.jackson.", "com.google.gson.", "org.json.", "jakarta.json.", "javax.json.",
            "com.alibaba.fastjson"),
    // not java.lang.invoke: string concatenation and lambdas run through method handles in every JDK 9+ program,
    // so those frames say nothing about reflection; the walk goes on past them to the code that built the string
    REFLECTION("java.lang.reflect.", "jdk.internal.reflect.", "sun.reflect."),
    CLASS_LOADING("java.lang.ClassLoader", "jdk.internal.loader.", "java.net.URLClassLoader",
            "java.security.SecureClassLoader", "java.lang.System$"),
    /** An application frame came first: the thread computes in its own code. */
    APPLICATION,
    /** Other JDK or library code. */
    OTHER;

    private final List<String> prefixes;

    CodeLibrary(String... prefixes) {
        this.prefixes = List.of(prefixes);
    }

    /** "regex", "class-loading": the word used in findings. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The library of one sample (frames top first): the one entered from the first application frame. */
    public static CodeLibrary of(List<StackFrame> frames) {
        CodeLibrary entered = null;
        for (StackFrame f : frames) {
            CodeLibrary l = known(f);
            if (l != null) {
                entered = l; // deeper in the stack: nearer the application's call
            } else if (!f.jdk() && !library(f.className())) {
                return entered != null ? entered : APPLICATION;
            }
        }
        return entered != null ? entered : OTHER;
    }

    private static CodeLibrary known(StackFrame f) {
        // class loading before crypto: SecureClassLoader is in java.security
        for (CodeLibrary l : new CodeLibrary[] {CLASS_LOADING, REGEX, FORMATTING, CRYPTO, LOGGING, JSON, REFLECTION}) {
            for (String p : l.prefixes) {
                if (f.className().startsWith(p)) return l;
            }
        }
        return null;
    }

    /** Third-party libraries that are not of a named kind still are not the application's code. */
    private static boolean library(String className) {
        return className.startsWith("org.apache.") || className.startsWith("io.netty.")
                || className.startsWith("org.springframework.") || className.startsWith("com.google.")
                || className.startsWith("kotlin.") || className.startsWith("scala.") || className.startsWith("groovy.")
                || className.startsWith("org.codehaus.groovy.") || className.startsWith("org.eclipse.jetty.");
    }

    /** True for a frame of the application's own code (not JDK, not a known library). */
    static boolean application(StackFrame f) {
        if (f.jdk() || library(f.className())) return false;
        for (CodeLibrary l : values()) {
            for (String p : l.prefixes) {
                if (f.className().startsWith(p)) return false;
            }
        }
        return true;
    }
}
