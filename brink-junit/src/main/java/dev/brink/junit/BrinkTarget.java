package dev.brink.junit;

import java.net.URI;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The service a test started: where to send the load and, optionally, which local JVM to watch (heap, GC,
 * threads, evidence). Without a process id Brink measures the service from outside only: no findings about its
 * heap or locks. Declare it as a field of the test class; {@link BrinkLoad} replaces the plan's target with it.
 */
public final class BrinkTarget {
    private final URI baseUrl;
    private final Long pid;

    private BrinkTarget(URI baseUrl, Long pid) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        this.pid = pid;
    }

    /** An HTTP service on 127.0.0.1 at this port. */
    public static BrinkTarget http(int port) {
        return url("http://127.0.0.1:" + port);
    }

    /**
     * An HTTPS service on 127.0.0.1 at this port; the plan's {@code ca_cert} (or {@code insecure}) says how its
     * certificate is trusted, and its certificate must name 127.0.0.1 unless {@code insecure}.
     */
    public static BrinkTarget https(int port) {
        return url("https://127.0.0.1:" + port);
    }

    /** A service at this base URL ("http://127.0.0.1:8080", "https://localhost:8443"). */
    public static BrinkTarget url(String baseUrl) {
        return new BrinkTarget(URI.create(baseUrl), null);
    }

    /** This target, with its JVM watched: the process the test started ({@code process.pid()}). */
    public BrinkTarget watching(long processId) {
        return new BrinkTarget(baseUrl, processId);
    }

    /** This target, with its JVM watched. */
    public BrinkTarget watching(ProcessHandle process) {
        return watching(process.pid());
    }

    public URI baseUrl() {
        return baseUrl;
    }

    public OptionalLong pid() {
        return pid == null ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    @Override
    public String toString() {
        return baseUrl + (pid == null ? "" : " (pid " + pid + ")");
    }
}
