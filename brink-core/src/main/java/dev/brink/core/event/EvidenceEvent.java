package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;

/**
 * The {@link EventType#EVIDENCE} event: an evidence file was written. Written by the JVM observer's evidence capture,
 * read by the report's timeline (a mark per file, named by its kind).
 *
 * @param kind         what the file holds
 * @param file         its path, relative to the run directory when it is inside it
 * @param pid          the target's process id
 * @param onTargetHost true when the file was written on the target's machine (a remote JVM); null on this one
 * @param seq          a thread dump's number in its series
 * @param json         a thread dump's JSON copy (relative path)
 * @param threads      a thread dump's thread count
 * @param live         a heap dump of live objects only (a full GC before it)
 * @param compressed   a heap dump the target compressed (.hprof.gz)
 * @param stopped      a JFR recording: whether the recording was stopped (else dumped while it runs on)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record EvidenceEvent(EvidenceKind kind, String file, long pid, Boolean onTargetHost, Integer seq, String json,
                            Integer threads, Boolean live, Boolean compressed, Boolean stopped) implements Event {
    /** A file of {@code kind} written for {@code pid}, with none of the kinds' own keys yet. */
    public static EvidenceEvent of(EvidenceKind kind, String file, long pid, boolean onTargetHost) {
        return new EvidenceEvent(kind, file, pid, onTargetHost ? Boolean.TRUE : null, null, null, null, null, null, null);
    }

    /** The same file as a thread dump: its number, its JSON copy and its thread count. */
    public EvidenceEvent threadDump(int n, String jsonFile, int threadCount) {
        return new EvidenceEvent(kind, file, pid, onTargetHost, n, jsonFile, threadCount, live, compressed, stopped);
    }

    /** The same file as a heap dump: of live objects only or not, compressed by the target or not. */
    public EvidenceEvent heapDump(boolean liveOnly, boolean gz) {
        return new EvidenceEvent(kind, file, pid, onTargetHost, seq, json, threads, liveOnly, gz ? Boolean.TRUE : null, stopped);
    }

    /** The same file as a JFR recording, {@code isStopped} or dumped while it runs on. */
    public EvidenceEvent recording(boolean isStopped) {
        return new EvidenceEvent(kind, file, pid, onTargetHost, seq, json, threads, live, compressed, isStopped);
    }
}
