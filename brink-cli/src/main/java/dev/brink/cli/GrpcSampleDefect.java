package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import java.util.List;
import java.util.Set;

/**
 * The gRPC sample's switchable defects (field report 004): the name users type, the JVM flags and the service
 * arguments that turn each on.
 */
public enum GrpcSampleDefect {
    /**
     * Report 004's JVM: a young generation that takes nearly the whole heap (there -Xmx2048m with a CMS young size
     * left at its ergonomic maximum, here -Xmn250m of -Xmx256m), so the old generation is a few MB and cannot hold the
     * service's in-memory orders: young collections end in full GCs. Parallel, the closest to CMS's fixed generations.
     */
    TINY_OLD_GEN("tiny-old-gen", List.of("-Xmx256m", "-Xmn250m", "-XX:+UseParallelGC"), List.of()),
    /** Every handler waits 25 ms for its downstream call on 8 worker threads: about 320 calls/s at most. */
    SLOW_HANDLERS("slow-handlers", List.of(), List.of("--handler-delay-ms=25"));

    private final String userName;
    private final List<String> jvmFlags;
    private final List<String> serviceArgs;

    GrpcSampleDefect(String userName, List<String> jvmFlags, List<String> serviceArgs) {
        this.userName = userName;
        this.jvmFlags = jvmFlags;
        this.serviceArgs = serviceArgs;
    }

    public String userName() {
        return userName;
    }

    List<String> jvmFlags() {
        return jvmFlags;
    }

    List<String> serviceArgs() {
        return serviceArgs;
    }

    /** Parses "tiny-old-gen,slow-handlers"; an empty or null list means no defect. */
    public static Set<GrpcSampleDefect> parseList(String list) throws BrinkUserException {
        return SampleDefect.parseList(list, GrpcSampleDefect.class, GrpcSampleDefect::userName);
    }
}
