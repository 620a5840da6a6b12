package dev.brink.threads;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One thread dump: every thread at one moment.
 *
 * @param source      the file it came from
 * @param line        the 1-based line of the file where the dump starts (1 for JSON)
 * @param time        when it was taken, null if the dump does not say
 * @param jvm         the JVM's description as the dump gives it, "" if absent
 * @param format      the format it was read from
 * @param threads     in the dump's order
 * @param jvmDeadlocks deadlocks the JVM itself reported in this dump
 * @param truncated   null if the dump is complete, else why it is thought cut short
 */
public record ThreadDump(String source, int line, Instant time, String jvm, DumpFormat format,
                         List<DumpThread> threads, List<JvmDeadlock> jvmDeadlocks, String truncated) {
    public ThreadDump {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        jvm = jvm == null ? "" : jvm;
        threads = List.copyOf(threads);
        jvmDeadlocks = List.copyOf(jvmDeadlocks);
    }

    /** "dump.txt:3" */
    public String where() {
        return source + ":" + line;
    }
}
