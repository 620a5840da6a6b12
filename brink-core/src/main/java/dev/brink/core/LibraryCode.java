package dev.brink.core;

/**
 * Whether a frame's class is the application's own code or the JDK's and common libraries': the first
 * application frame under a hot library method is the line a person can change, and a thread whose CPU goes to
 * library plumbing is not "busy in the application". One list for every reader of stacks (JFR samples, thread
 * dumps), as {@link LibraryFamily} is one classifier of the families.
 *
 * <p><b>Shaded copies.</b> Libraries bundle their own dependencies under a relocated package so that two versions
 * can live in one class path: grpc-netty-shaded's event loop is
 * {@code io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoop}, Flink's is
 * {@code org.apache.flink.shaded.netty4.io.netty…}, Testcontainers carries
 * {@code org.testcontainers.shaded.com.fasterxml.jackson…}. The relocation tools (maven-shade-plugin, Gradle
 * Shadow, jarjar) keep the original package after a prefix, and by convention that prefix ends in a
 * {@code shaded}, {@code relocated} or {@code repackaged} segment, sometimes followed by a version segment
 * ({@code netty4}, {@code guava32}). A class under such a segment is a library bundled inside another library,
 * never the application's; {@link #unshaded} gives the original name so the family of the code
 * ({@link LibraryFamily#of}) is the same as the unshaded library's.
 */
public final class LibraryCode {
    /** Segments that mark the start of a relocated package. */
    private static final String[] SHADING_MARKERS = {".shaded.", ".relocated.", ".repackaged."};

    /** JDK packages and libraries common under a service that are not the application's code. */
    private static final String[] LIBRARY_PREFIXES = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.", "org.ietf.",
        "org.apache.", "ch.qos.logback.", "org.slf4j.", "com.fasterxml.", "com.google.",
        "io.netty.", "io.grpc.", "io.perfmark.", "io.micrometer.", "io.opentelemetry.", "io.projectreactor.", "reactor.",
        "org.springframework.", "org.eclipse.jetty.", "io.undertow.", "org.xnio.", "io.vertx.", "io.quarkus.",
        "io.helidon.", "io.micronaut.", "org.glassfish.", "org.jboss.", "kotlin.", "kotlinx.", "scala.", "groovy.",
        "org.codehaus.groovy.", "bsh.", "org.bouncycastle.", "com.zaxxer.hikari.", "org.hibernate.", "okhttp3.", "okio.",
        // persistence and data stores: drivers, pools, embedded databases, clients
        "jakarta.", "org.h2.", "com.mysql.", "org.postgresql.", "oracle.", "com.microsoft.sqlserver.", "org.mariadb.",
        "org.hsqldb.", "org.sqlite.", "org.jooq.", "org.mybatis.", "io.r2dbc.", "com.mongodb.", "org.mongodb.",
        "io.lettuce.", "redis.clients.", "org.eclipse.persistence.",
        // bytecode, templating, caching, resilience, observability, testing
        "net.bytebuddy.", "org.objectweb.asm.", "javassist.", "org.aspectj.", "org.thymeleaf.", "freemarker.",
        "com.github.benmanes.caffeine.", "org.ehcache.", "io.github.resilience4j.", "io.prometheus.", "brave.",
        "zipkin2.", "org.HdrHistogram.", "org.jctools.", "org.yaml.snakeyaml.", "com.esotericsoftware.",
        "org.junit.", "org.mockito.", "org.assertj.", "org.testcontainers.", "org.antlr.", "org.jboss.",
    };

    /**
     * Packages inside a library's namespace that hold applications: Spring's own sample applications (PetClinic) are
     * {@code org.springframework.samples.*}, whose code is the application's, not Spring's.
     */
    private static final String[] APPLICATIONS_INSIDE = {"org.springframework.samples."};

    private LibraryCode() {
    }

    /**
     * The original name of a relocated class or method ({@code io.grpc.netty.shaded.io.netty.X.run} →
     * {@code io.netty.X.run}), or {@code name} itself when it is not under a shading segment. When a version segment
     * follows the marker ({@code shaded.netty4.io.netty}), it is dropped if what follows it is a known library.
     */
    public static String unshaded(String name) {
        for (String marker : SHADING_MARKERS) {
            int at = name.indexOf(marker);
            if (at > 0) {
                String rest = name.substring(at + marker.length());
                int dot = rest.indexOf('.');
                String afterVersion = dot > 0 ? rest.substring(dot + 1) : rest;
                return !knownLibrary(rest) && knownLibrary(afterVersion) ? afterVersion : rest;
            }
        }
        return name;
    }

    /** True for the JDK's and libraries' classes or methods (shaded copies included), false for the application's. */
    public static boolean isLibrary(String qualifiedName) {
        return shaded(qualifiedName) || knownLibrary(qualifiedName);
    }

    /** True when the name is under a shading segment: a library's bundled copy of another library. */
    public static boolean shaded(String name) {
        for (String marker : SHADING_MARKERS) {
            if (name.indexOf(marker) > 0) {
                return true;
            }
        }
        return false;
    }

    /** True for the JDK's own classes and methods (java., javax., jdk., sun., com.sun.). */
    public static boolean isJdk(String name) {
        return name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.") || name.startsWith("javax.")
                || name.startsWith("com.sun.");
    }

    private static boolean knownLibrary(String name) {
        for (String p : APPLICATIONS_INSIDE) {
            if (name.startsWith(p)) {
                return false;
            }
        }
        for (String p : LIBRARY_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
