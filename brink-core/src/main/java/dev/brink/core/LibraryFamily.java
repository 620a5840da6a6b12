package dev.brink.core;

import dev.brink.core.verdict.JsonWord;

/**
 * The library family a stack frame belongs to, for the costs field reports keep finding under load: log masking
 * by regex, {@code new SimpleDateFormat} per line, synchronized signing, logging, JSON, reflection, class loading.
 * One classifier for every reader of stacks (JFR samples in brink-jfr, thread dumps in brink-threads, the report's
 * flame graph), so a frame is the same family whichever evidence shows it.
 *
 * <p>Prefixes of {@code package.Class.method}, not class lists, so a JDK's internal renames
 * (Pattern$BmpCharProperty, sun.security.rsa…) and the common libraries on top (Log4j, Logback, Jackson, Gson,
 * BouncyCastle, RE2/J) fall in the same family. The first matching prefix wins, which is how the exceptions are
 * written: access control lives in java.security but is not cryptography, SecureClassLoader is class loading.
 *
 * <p>ORM and database access are families too: in a service they carry most of the time of the request threads
 * (Hibernate turning result sets into entities, a JDBC driver and its pool), and a finding that says so names the
 * framework path where the application's own frame is thin. Collections, strings and I/O of the JDK ({@link
 * #generic}) belong to no family: they serve whichever code called them.
 */
public enum LibraryFamily implements JsonWord {
    REGEX("regex"), FORMATTING("formatting"), CRYPTO("crypto"), LOGGING("logging"), JSON("JSON"),
    REFLECTION("reflection"), CLASS_LOADING("class loading"),
    /** Hibernate, JPA, Spring Data JPA, MyBatis: entities, queries, the persistence context. */
    ORM("ORM (Hibernate/JPA)"),
    /** JDBC and its drivers, connection pools, embedded databases (H2, HSQLDB, Derby), Redis and Mongo clients. */
    DATABASE("database access (JDBC)"),
    /** No family: the application's own code, collections, strings, I/O, a framework's plumbing. */
    NONE("other code");

    private final String words;

    LibraryFamily(String words) {
        this.words = words;
    }

    private static final String[][] PREFIXES = {
        {"java.util.regex.", "REGEX"}, {"jdk.internal.util.regex.", "REGEX"}, {"com.google.re2j.", "REGEX"},
        {"java.lang.String.replaceAll", "REGEX"}, {"java.lang.String.replaceFirst", "REGEX"},
        {"java.lang.String.matches", "REGEX"},
        {"java.text.", "FORMATTING"}, {"java.util.Formatter", "FORMATTING"}, {"java.time.format.", "FORMATTING"},
        {"sun.util.calendar.", "FORMATTING"}, {"java.util.Calendar", "FORMATTING"}, {"java.util.GregorianCalendar", "FORMATTING"},
        {"sun.util.locale.provider.", "FORMATTING"}, {"sun.util.cldr.", "FORMATTING"},
        {"java.lang.String.format", "FORMATTING"}, {"java.lang.String.formatted", "FORMATTING"},
        // access control and code sources live in java.security but are not cryptography (RMI, class loading use them)
        {"java.security.AccessController", "NONE"}, {"java.security.AccessControlContext", "NONE"},
        {"java.security.ProtectionDomain", "NONE"}, {"java.security.SecureClassLoader", "CLASS_LOADING"},
        {"java.security.CodeSource", "NONE"},
        {"javax.crypto.", "CRYPTO"}, {"java.security.", "CRYPTO"}, {"sun.security.", "CRYPTO"}, {"com.sun.crypto.", "CRYPTO"},
        {"org.bouncycastle.", "CRYPTO"}, {"java.math.BigInteger", "CRYPTO"},
        {"org.apache.logging.log4j.", "LOGGING"}, {"org.apache.log4j.", "LOGGING"}, {"ch.qos.logback.", "LOGGING"},
        {"org.slf4j.", "LOGGING"}, {"java.util.logging.", "LOGGING"}, {"org.jboss.logging.", "LOGGING"},
        {"com.fasterxml.jackson.", "JSON"}, {"com.google.gson.", "JSON"}, {"com.alibaba.fastjson", "JSON"},
        {"jakarta.json.", "JSON"}, {"javax.json.", "JSON"}, {"org.json.", "JSON"},
        {"java.lang.ClassLoader", "CLASS_LOADING"}, {"jdk.internal.loader.", "CLASS_LOADING"}, {"java.net.URLClassLoader", "CLASS_LOADING"},
        {"java.lang.Class.forName", "CLASS_LOADING"},
        // System's anonymous JavaLangAccess (System$2 on JDK 17, System$1 on 25) is the JDK's back door for every
        // package: class definition through it is class loading, but so is not StringJoiner's join, Collectors.joining
        // or a string built without copying, which made a render loop "13-16 % of CPU in class loading"
        {"java.lang.System$1.defineClass", "CLASS_LOADING"}, {"java.lang.System$2.defineClass", "CLASS_LOADING"},
        {"java.lang.System$1.findBootstrapClass", "CLASS_LOADING"}, {"java.lang.System$2.findBootstrapClass", "CLASS_LOADING"},
        // not java.lang.invoke: string concatenation and lambdas run through method handles in every JDK 9+ program,
        // so those frames say nothing about reflection
        {"java.lang.reflect.", "REFLECTION"}, {"jdk.internal.reflect.", "REFLECTION"}, {"sun.reflect.", "REFLECTION"},
        {"java.lang.Class.getDeclared", "REFLECTION"}, {"java.lang.Class.getMethod", "REFLECTION"},
        {"java.lang.Class.getField", "REFLECTION"},
        {"org.hibernate.", "ORM"}, {"jakarta.persistence.", "ORM"}, {"javax.persistence.", "ORM"},
        {"org.eclipse.persistence.", "ORM"}, {"org.springframework.orm.", "ORM"}, {"org.springframework.data.jpa.", "ORM"},
        {"org.mybatis.", "ORM"}, {"org.apache.ibatis.", "ORM"},
        {"java.sql.", "DATABASE"}, {"javax.sql.", "DATABASE"}, {"org.h2.", "DATABASE"}, {"com.mysql.", "DATABASE"},
        {"org.postgresql.", "DATABASE"}, {"oracle.jdbc.", "DATABASE"}, {"com.microsoft.sqlserver.", "DATABASE"},
        {"org.mariadb.", "DATABASE"}, {"org.hsqldb.", "DATABASE"}, {"org.apache.derby.", "DATABASE"},
        {"org.sqlite.", "DATABASE"}, {"com.zaxxer.hikari.", "DATABASE"}, {"org.apache.commons.dbcp2.", "DATABASE"},
        {"org.apache.tomcat.jdbc.", "DATABASE"}, {"org.springframework.jdbc.", "DATABASE"}, {"org.jooq.", "DATABASE"},
        {"io.r2dbc.", "DATABASE"}, {"org.springframework.r2dbc.", "DATABASE"}, {"com.mongodb.", "DATABASE"},
        {"org.mongodb.", "DATABASE"}, {"io.lettuce.", "DATABASE"}, {"redis.clients.", "DATABASE"},
    };

    /**
     * Frames of the JDK that belong to no family: collections, strings, boxing, I/O, concurrency utilities. They
     * serve whichever code called them, so the cost of a sample whose top is {@code ArrayList$Itr.next} is not
     * decided by that frame: the first frame below it that is not generic (a family's, a library's, the
     * application's) decides. Without this rule, reflection far down the stack (a framework invoking a controller)
     * named a list's iteration "reflection".
     */
    public static boolean generic(String qualifiedMethod) {
        return LibraryCode.isJdk(qualifiedMethod) && of(qualifiedMethod) == NONE;
    }

    /**
     * The family of a frame named {@code package.Class.method} (or a class name alone); {@link #NONE} for the rest.
     * A library's shaded copy of another library is that library ({@link LibraryCode#unshaded}).
     */
    public static LibraryFamily of(String qualifiedMethod) {
        String name = LibraryCode.unshaded(qualifiedMethod);
        for (String[] p : PREFIXES) {
            if (name.startsWith(p[0])) {
                return valueOf(p[1]);
            }
        }
        return NONE;
    }

    /** "regex", "class-loading": the word in JSON and in findings. */
    public String jsonName() {
        return json();
    }

    /** The words a person reads: "class loading", "regex", "ORM (Hibernate/JPA)". */
    public String words() {
        return words;
    }
}
