package dev.brink.heap.report;

import dev.brink.core.LibraryCode;

/**
 * Frameworks' and the JDK's own big structures, named as what they are. They are the usual "biggest retainers" of a
 * healthy heap: Spring's bean factory holds every singleton of the application (PetClinic's was 11 % of its heap),
 * Netty's pooled allocator keeps 16 MiB chunks per arena for reuse, Hibernate's metamodel describes every entity,
 * the JDK interns method types and lambda forms and caches per-class values. Each is sized by the application or by
 * configuration, filled at start-up or on first use, and then stays; in one dump they look exactly like a leak.
 * Naming them tells the reader what the memory is, and that its size alone says nothing about growth.
 *
 * <p>Matched on class names (shaded copies too: {@code io.grpc.netty.shaded.io.netty.buffer.PoolArena} is Netty's
 * PoolArena), first match wins: the more specific prefixes come first.
 */
public final class KnownStructures {
    private static final String[][] TABLE = {
        {"org.springframework.beans.factory.support.", "Spring bean factory: the application context's bean definitions and singleton beans"},
        {"org.springframework.context.support.", "Spring application context: its bean factory and the application's singleton beans"},
        {"org.springframework.boot.web.embedded.", "Spring Boot's embedded web server"},
        {"org.springframework.core.ResolvableType", "Spring's type-resolution cache"},
        {"org.springframework.util.ConcurrentReferenceHashMap", "Spring's soft/weak-reference cache"},
        {"org.springframework.", "a Spring framework structure"},
        {"org.hibernate.metamodel.", "Hibernate metamodel: the mapping of every entity"},
        {"org.hibernate.internal.SessionFactoryImpl", "Hibernate session factory: entity metamodel and query plan cache"},
        {"org.hibernate.", "a Hibernate structure"},
        {"io.netty.buffer.Pool", "Netty pooled buffer arenas: preallocated chunks, reused by every connection"},
        {"io.netty.buffer.Adaptive", "Netty adaptive allocator: chunks kept per thread and shared, reused by every connection"},
        {"io.netty.buffer.", "Netty buffers"},
        {"io.netty.util.Recycler", "Netty object recycler: pooled objects per thread"},
        {"io.netty.", "a Netty structure"},
        {"reactor.netty.resources.", "Reactor Netty connection pools and event loops"},
        {"org.apache.catalina.", "Tomcat container (sessions, loaders, resources cache)"},
        {"org.apache.tomcat.", "Tomcat structure (buffers, caches, pools)"},
        {"org.apache.logging.log4j.core.async.", "Log4j2 async logger ring buffer: preallocated"},
        {"com.lmax.disruptor.", "Disruptor ring buffer: preallocated"},
        {"com.fasterxml.jackson.", "Jackson serializer and type caches"},
        // Caffeine builds this class only for a cache with a bound (size, weight, expiry): it fills to it and stays
        {"com.github.benmanes.caffeine.cache.BoundedLocalCache", "a Caffeine cache with a bound (maximum size or weight, or an expiry)"},
        // not Guava's LocalCache: one class for bounded and unbounded caches alike; StructureShapes reads which it is
        {"com.zaxxer.hikari.", "HikariCP connection pool"},
        {"java.lang.invoke.", "the JDK's method-handle and lambda-form caches"},
        {"java.lang.ClassValue", "a ClassValue cache: one value per class"},
        {"java.lang.ref.Finalizer", "objects waiting for finalization"},
        {"java.util.concurrent.ThreadPoolExecutor", "an executor's work queue and threads"},
        {"java.io.ObjectStreamClass", "the JDK's serialization descriptor cache"},
        {"java.util.zip.ZipFile", "the JDK's open jar and zip files: their central directories"},
        {"java.util.jar.JarFile", "the JDK's open jar files: their central directories"},
        {"sun.security.", "the JDK's security provider caches"},
        {"java.security.", "the JDK's security provider caches"},
        {"jdk.internal.loader.", "the JDK's class loaders and their classes"},
        {"java.lang.ClassLoader", "a class loader and its classes"},
    };

    private KnownStructures() {
    }

    /** What the class is part of, or null for the application's own classes and for unknown ones. */
    public static String of(String className) {
        if (className == null) {
            return null;
        }
        String name = LibraryCode.unshaded(className);
        for (String[] row : TABLE) {
            if (name.startsWith(row[0])) {
                return row[1];
            }
        }
        return null;
    }

    /** The first of the names that is a known structure, or null. */
    public static String firstOf(Iterable<String> classNames) {
        for (String c : classNames) {
            String s = of(c);
            if (s != null) {
                return s;
            }
        }
        return null;
    }
}
