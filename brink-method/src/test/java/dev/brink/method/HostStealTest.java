package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.line.HostHealth;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A saturated step's reason names the hypervisor when steal was a real part of the CPU others took: on a cloud VM
 * the CPU can go to other machines, and no process of this host would explain it. Steal cannot be made on demand, so
 * the step's seconds are host.jsonl lines as the sampler writes them (busy cores, steal among the others); the
 * processes named beside it are this host's, read from /proc as in a run.
 */
class HostStealTest {
    private static HostHealth second(double steal) {
        // 2 CPUs 97 % busy: Brink 0.5 cores, the target 0.8, others 0.64 of which the hypervisor's steal is part
        return new HostHealth(System.currentTimeMillis(), 2, 0.97, 0.5, 0.15, 0, steal, 4, 3.5, 0.6, 0.5, 0.8, 0.64, 150, 200, true);
    }

    private static String reason(double steal) throws Exception {
        try (HostWatch watch = HostWatch.open(null, () -> -1L)) {
            watch.begin("N=2");
            for (int i = 0; i < 5; i++) {
                watch.count(second(steal), "N=2");
            }
            return watch.saturation();
        }
    }

    @Test
    void stealIsNamedFirstAmongThoseWhoTookTheCpu() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "the host sampler reads /proc (Linux)");
        assertThat(reason(0.16)).contains("took the CPU: the hypervisor (steal: 0.3 cores ran other virtual machines)");
        assertThat(reason(0.0)).isNotNull().doesNotContain("hypervisor");
        // a trace of steal (1 % of 2 CPUs) is no reason
        assertThat(reason(0.01)).doesNotContain("hypervisor");
    }
}
