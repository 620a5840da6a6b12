package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.line.JvmSample;
import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.SteadyMain;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JIT compiler threads' CPU, read from /proc for real JVMs: an interpreter-only JVM (no compiler threads) reads 0, a
 * JVM that compiled as it started reads more than 0 and never more than its whole process, and a remote JVM (no pid)
 * reads unknown.
 */
class CompilerCpuTest {
    @Test
    void anInterpretedJvmHasNoCompilerCpuAndACompilingOneHasSomeWithinItsProcessCpu() throws Exception {
        try (ChildJvm interpreted = ChildJvm.start(ChildJvm.JDK17, SteadyMain.class, List.of("-Xint", "-Xmx64m"), "30");
             ChildJvm compiling = ChildJvm.start(ChildJvm.JDK17, SteadyMain.class, List.of("-Xmx64m"), "30")) {
            assertThat(new CompilerCpu(interpreted.pid()).ns()).as("-Xint: no compiler thread").isZero();

            long processNs = compiling.process().info().totalCpuDuration().orElseThrow().toNanos();
            long jit = new CompilerCpu(compiling.pid()).ns();
            // start-up alone compiles hundreds of methods: more than the 10 ms the kernel counts in
            assertThat(jit).as("a JVM that started with its compilers").isPositive();
            long after = compiling.process().info().totalCpuDuration().orElseThrow().toNanos();
            assertThat(jit).as("part of the process's CPU (read before %d ns and after %d ns)", processNs, after).isLessThanOrEqualTo(after);
        }
    }

    @Test
    void theFigureNeverFallsAndIsUnknownWithoutAPid() throws Exception {
        CompilerCpu self = new CompilerCpu(ProcessHandle.current().pid());
        long first = self.ns();
        assertThat(first).as("this test JVM compiled its start-up").isPositive();
        assertThat(self.ns()).isGreaterThanOrEqualTo(first);
        assertThat(new CompilerCpu(-1).ns()).as("a remote JVM").isEqualTo(-1);

        JvmSample s = new Sampler(ManagementFactory.getPlatformMBeanServer(), ProcessHandle.current().pid(),
                ManagementFactory.getRuntimeMXBean().getStartTime()).take(null);
        assertThat(s.cpu().jitCpuNs()).isPositive().isLessThanOrEqualTo(s.cpu().processCpuNs() + 10_000_000L);
    }
}
