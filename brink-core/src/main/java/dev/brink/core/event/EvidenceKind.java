package dev.brink.core.event;

import dev.brink.core.verdict.JsonWord;

/** What an evidence file holds: the {@code kind} of the {@link EvidenceEvent} and {@link EvidenceStarted} events. */
public enum EvidenceKind implements JsonWord {
    /** A thread dump (threads-*.txt, and its .json). */
    THREADS,
    /** A class histogram (histo-*.txt). */
    HISTOGRAM,
    /** A heap dump (heap-*.hprof, or .hprof.gz). */
    HEAP,
    /** A JFR recording (recording-*.jfr). */
    JFR
}
