package dev.brink.jfr;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which recorded class names are throwables, and which recorded throwables are the JVM's own linking by-products.
 *
 * <p>A recording names classes, never their superclasses, so a class is known to be a throwable either because it is
 * the JDK's (looked up by name in the platform class loader, never initialised: only the JDK's modules answer, so no
 * application code is loaded or run) or because the recording showed it being constructed — the outermost
 * constructor of a chain that ends in {@code Throwable.<init>}, or the class of a throw event. An application's own
 * exception class is thus known once any sample or event saw one built; before that, its allocations stay apart.
 *
 * <p><b>JVM linkage errors</b> ({@link #jvmLinking}). HotSpot resolves a method handle's member through
 * {@code MethodHandleNatives.resolve} (native), whose only caller is {@code MemberName$Factory.resolve}. The JDK calls
 * it speculatively while it links lambdas, string concatenation and method-handle adapters ({@code resolveOrNull}:
 * is there a pregenerated LambdaForm in a {@code …$Holder} class?); the VM's {@code LinkResolver} then creates the
 * {@code NoSuchMethodError} (a Java object, built by calling its constructor, so JFR's {@code jdk.JavaErrorThrow} —
 * on in every setting — records it) and {@code MethodHandles::resolve_MemberName} clears it before returning. In the
 * non-speculative case {@code MemberName$Factory.resolve} catches every {@code LinkageError} and keeps it as the
 * member's resolution; when that failure reaches the caller it is as a new {@code ReflectiveOperationException}
 * ({@code makeAccessException}), a throwable of its own. So a {@code LinkageError} whose throwing frame — the first
 * frame below its constructors — is in the JDK's linking code ({@code java.lang.invoke.}, {@code jdk.internal.},
 * {@code sun.invoke.}) was thrown by the JVM about itself: no application frame threw it, and none catches it. A few
 * are created for every new method-handle shape (dozens at start-up, more while new lambdas link), and in a recording
 * without exception events they are the only throw events there are: taken for the application's, they named
 * "NoSuchMethodError (100 % of those seen)" for a storm of NumberFormatExceptions. A {@code LinkageError} an
 * application frame throws (a missing class its bytecode needs: the application frame is the throwing frame) stays
 * the application's.
 */
final class ThrowableTypes {
    private static final String[] JVM_LINKING = {"java.lang.invoke.", "jdk.internal.", "sun.invoke."};

    /** Per class name, the JDK's class of that name, or null when the JDK has none (the application's, or hidden). */
    private final Map<String, Class<?>> jdkClasses = new HashMap<>();
    /** Classes the recording showed being constructed as throwables. */
    private final Set<String> constructed = new HashSet<>();

    /** {@code type} was seen as a throwable's outermost constructor or as a throw event's class. */
    void constructed(String type) {
        constructed.add(type);
    }

    /** True for the JDK's classes and for arrays: never an application's throwable. */
    boolean jdkOrArray(String name) {
        return name == null || name.startsWith("[") || jdkClass(name) != null;
    }

    boolean throwable(String name) {
        Class<?> c = jdkClass(name);
        return c != null ? Throwable.class.isAssignableFrom(c) : constructed.contains(name);
    }

    /** True for a JDK class that {@code instanceof}-is a {@code LinkageError} (application classes never are, in practice). */
    boolean linkageError(String name) {
        Class<?> c = jdkClass(name);
        return c != null && LinkageError.class.isAssignableFrom(c);
    }

    /** True for a JDK class that is an {@code Error}. */
    boolean error(String name) {
        Class<?> c = jdkClass(name);
        return c != null && Error.class.isAssignableFrom(c);
    }

    /**
     * True when a throwable of {@code type} with {@code throwingFrame} as its throwing frame is the JVM's own linking.
     * {@code throwingFrame} null: the event has no stack trace (a setting without one — JDK 25 writes a
     * jdk.JavaExceptionThrow without a stack for each error even where that event is off), so only its type speaks,
     * and a {@code LinkageError} is taken for the JVM's: the JVM creates them by the hundred while it links, an
     * application's would be a deployment fault, and an error without a stack names no site to change anyway.
     */
    boolean jvmLinking(String type, String throwingFrame) {
        if (!linkageError(type)) {
            return false;
        }
        if (throwingFrame == null) {
            return true;
        }
        for (String p : JVM_LINKING) {
            if (throwingFrame.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private Class<?> jdkClass(String name) {
        if (name == null || name.startsWith("[")) {
            return null;
        }
        if (jdkClasses.containsKey(name)) {
            return jdkClasses.get(name);
        }
        Class<?> c;
        try {
            c = Class.forName(name, false, ClassLoader.getPlatformClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            c = null; // not the JDK's (or not this JDK's): a throwable only once seen being constructed
        }
        jdkClasses.put(name, c); // null kept too: each distinct name is looked up once
        return c;
    }
}
