package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The generator's own CPU, judged only where the process clock can tell: getProcessCpuTime moves in 10 ms steps on
 * Linux (JDK 17 and 25), so a tenth of a second is judged on the event loop's exact thread time alone.
 */
class GeneratorMonitorTest {
    @Test
    void aShortIntervalIsJudgedOnTheEventLoopAloneAndAWholeSecondOnBoth() {
        // the run's last 0.1 s read 120 % of its one CPU (clamped to 100 %): not generator-bound on that alone
        assertThat(GeneratorMonitor.cpuBound(1.0, 0.05, 100_000_000L)).isFalse();
        assertThat(GeneratorMonitor.cpuBound(1.0, 0.05, GeneratorMonitor.PROCESS_CPU_MIN_NANOS - 1)).isFalse();
        // a whole second at 95 % is, from the minimum interval on
        assertThat(GeneratorMonitor.cpuBound(0.95, 0.05, 1_000_000_000L)).isTrue();
        assertThat(GeneratorMonitor.cpuBound(0.95, 0.05, GeneratorMonitor.PROCESS_CPU_MIN_NANOS)).isTrue();
        // the event loop's thread time is exact: over its limit at any interval
        assertThat(GeneratorMonitor.cpuBound(0.30, 0.95, 100_000_000L)).isTrue();
        assertThat(GeneratorMonitor.cpuBound(0.80, 0.80, 1_000_000_000L)).isFalse();
    }
}
