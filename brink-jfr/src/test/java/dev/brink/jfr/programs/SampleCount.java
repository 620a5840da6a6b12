package dev.brink.jfr.programs;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Counts, while the program runs, the execution samples of some threads (and optionally of one method on their
 * stacks), from the JVM's own JFR stream: the samples the recording file gets too, since every recording of a JVM
 * reads the same sampler. A scenario can then run until it has the samples a test needs instead of for a time that
 * suits one machine: on a machine whose cores other processes keep busy, a phase of three seconds recorded 11 samples.
 * Events arrive about a second after they are taken (JFR flushes once a second). One stream for the program;
 * {@link #watch} starts a new count.
 */
final class SampleCount implements AutoCloseable {
    private record Target(Instant from, String threadPrefix, String method) {
    }

    private final RecordingStream stream = new RecordingStream();
    private final AtomicInteger count = new AtomicInteger();
    private volatile Target target = new Target(Instant.MAX, "", null);

    SampleCount() {
        stream.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10)); // the "profile" settings' period
        stream.onEvent("jdk.ExecutionSample", e -> {
            Target t = target;
            if (!e.getStartTime().isBefore(t.from()) && on(e, t)) {
                count.incrementAndGet();
            }
        });
        stream.startAsync();
    }

    /** Counts from now the samples of threads named {@code threadPrefix}…, with {@code method} on the stack if not null. */
    void watch(String threadPrefix, String method) {
        target = new Target(Instant.now(), threadPrefix, method);
        count.set(0);
    }

    private static boolean on(RecordedEvent e, Target t) {
        String thread = e.getThread("sampledThread") == null ? null : e.getThread("sampledThread").getJavaName();
        if (thread == null || !thread.startsWith(t.threadPrefix()) || e.getStackTrace() == null) {
            return false;
        }
        if (t.method() == null) {
            return true;
        }
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
            if (f.isJavaFrame() && t.method().equals(f.getMethod().getType().getName() + "." + f.getMethod().getName())) {
                return true;
            }
        }
        return false;
    }

    int count() {
        return count.get();
    }

    @Override
    public void close() {
        stream.close();
    }
}
