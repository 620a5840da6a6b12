package dev.brink.threads;

import java.util.Objects;

/**
 * One stack frame. {@code location} is what the dump shows in parentheses without the module prefix:
 * "LockContention.java:9", "Native Method", "Unknown Source".
 */
public record StackFrame(String className, String method, String location) {
    public StackFrame {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(method, "method");
        location = location == null ? "Unknown Source" : location;
    }

    /** "LockContention$SlowAuditLogger.flush(LockContention.java:9)": the class without its package. */
    public String shortForm() {
        return LockRef.simpleName(className) + "." + method + "(" + location + ")";
    }

    /** "org.example.Foo.bar(Foo.java:3)", as jstack prints it. */
    @Override
    public String toString() {
        return className + "." + method + "(" + location + ")";
    }

    /** True for JDK code: java.*, javax.*, jdk.*, sun.*, com.sun.*. */
    public boolean jdk() {
        return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
                || className.startsWith("sun.") || className.startsWith("com.sun.");
    }
}
