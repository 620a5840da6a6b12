package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** What named the type an {@code exceptions} finding says ({@code source}). */
public enum ExceptionSource implements JsonWord {
    /** jdk.JavaExceptionThrow events (off in the JDK's default and profile settings): every throw, typed. */
    THROW_EVENTS,
    /** Execution samples taken while a throwable was being built: its constructor chain named the type. */
    EXECUTION_SAMPLES,
    /**
     * JDK 25's jdk.CPUTimeSample (JEP 509) taken while a throwable was being built, where a recording's CPU samples are
     * those: the same reading of the constructor chain, from samples of CPU time.
     */
    CPU_TIME_SAMPLES,
    /**
     * jdk.ObjectAllocationSample of a throwable or of the backtrace arrays fillInStackTrace allocates (on by default on
     * JDK 16+): the type and the site, weighted by bytes, where execution samples missed the constructors.
     */
    ALLOCATION_SAMPLES,
    /** jdk.ExceptionStatistics alone: how many, not which. */
    STATISTICS
}
