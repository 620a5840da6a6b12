package dev.brink.jfr.programs;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Counts, while the program runs, the execution samples of one method on some threads, from the JVM's own JFR
 * stream: the samples the recording file gets too, since every recording of a JVM reads the same sampler. A
 * scenario can then run until it has the samples a test needs instead of for a time that suits one machine.
 * Events arrive about a second after they are taken (JFR flushes once a second).
 */
final class SampleCount implements AutoCloseable {
    private final RecordingStream stream = new RecordingStream();
    private final AtomicInteger count = new AtomicInteger();

    /** Starts counting samples from now on threads named {@code threadPrefix}… with {@code method} on the stack. */
    SampleCount(String threadPrefix, String method) {
        Instant from = Instant.now();
        stream.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10)); // the "profile" settings' period
        stream.onEvent("jdk.ExecutionSample", e -> {
            if (!e.getStartTime().isBefore(from) && on(e, threadPrefix, method)) {
                count.incrementAndGet();
            }
        });
        stream.startAsync();
    }

    private static boolean on(RecordedEvent e, String threadPrefix, String method) {
        String thread = e.getThread("sampledThread") == null ? null : e.getThread("sampledThread").getJavaName();
        if (thread == null || !thread.startsWith(threadPrefix) || e.getStackTrace() == null) {
            return false;
        }
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
            if (f.isJavaFrame() && method.equals(f.getMethod().getType().getName() + "." + f.getMethod().getName())) {
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
