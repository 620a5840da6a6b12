package dev.brink.jfr;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The JFR event a recording's CPU tables (hot methods, hot paths, families, on-the-stack shares) are drawn from
 * ({@link CpuSamples}).
 * <ul>
 *   <li>{@code jdk.ExecutionSample}: every period (20 ms in JDK's "default" settings, 10 ms in "profile") the sampler
 *   takes at most one sample from each thread whose state is "in Java", wherever the OS has it (on a CPU or waiting
 *   for one); threads in native code or the VM are not sampled.</li>
 *   <li>{@code jdk.CPUTimeSample} (JDK 25, JEP 509, experimental, Linux): a per-thread CPU-time timer
 *   ({@code timer_create} on each thread's CPU clock) fires after each {@code samplingPeriod} of that thread's CPU
 *   time (the "throttle" setting: 10 ms in "profile", or a rate turned into a period), in Java or in native code
 *   alike. Each sample is one period of CPU time: the samples measure where the CPU went, not where threads
 *   were.</li>
 * </ul>
 */
public enum CpuSampleSource {
    EXECUTION_SAMPLE("jdk.ExecutionSample", "execution samples"),
    CPU_TIME_SAMPLE("jdk.CPUTimeSample", "CPU-time samples");

    private final String event;
    private final String words;

    CpuSampleSource(String event, String words) {
        this.event = event;
        this.words = words;
    }

    /** The event's name, as the report's JSON says it. */
    @JsonValue
    public String event() {
        return event;
    }

    /** "execution samples", "CPU-time samples": how the report's text counts them. */
    public String words() {
        return words;
    }
}
