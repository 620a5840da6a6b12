package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.line.JvmSample;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Counting thread states costs the target one CompositeData per thread, so with many threads a sample carries the
 * latest count and only every k-th sample counts again; the live thread count stays exact in every sample. Sampled
 * here over this JVM's own platform MBean server (a real one, the same attributes a remote target serves).
 */
class SamplerThreadStatesTest {
    @Test
    void everySampleCountsStatesUpToAFewHundredThreadsAndEveryKthBeyond() {
        assertThat(Sampler.samplesBetweenStateCounts(1)).isEqualTo(1);
        assertThat(Sampler.samplesBetweenStateCounts(Sampler.STATE_THREADS_PER_SAMPLE)).isEqualTo(1);
        assertThat(Sampler.samplesBetweenStateCounts(Sampler.STATE_THREADS_PER_SAMPLE + 1)).isEqualTo(2);
        assertThat(Sampler.samplesBetweenStateCounts(1000)).isEqualTo(8);
    }

    @Test
    void betweenCountsTheLiveCountIsExactAndTheStatesAreTheLatestCount() throws Exception {
        List<Thread> parked = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Thread t = new Thread(LockSupport::park, "parked-" + i);
            t.setDaemon(true);
            t.start();
            parked.add(t);
        }
        for (Thread t : parked) {
            while (t.getState() != Thread.State.WAITING) Thread.onSpinWait();
        }
        Sampler sampler = new Sampler(ManagementFactory.getPlatformMBeanServer(), ProcessHandle.current().pid(),
                ManagementFactory.getRuntimeMXBean().getStartTime());
        JvmSample.Threads first = sampler.take(null).threads();
        assertThat(first.waiting()).isGreaterThanOrEqualTo(300);
        int gap = Sampler.samplesBetweenStateCounts(first.live());
        assertThat(gap).isGreaterThan(1);

        for (Thread t : parked) LockSupport.unpark(t);
        for (Thread t : parked) t.join();
        JvmSample.Threads carried = sampler.take(null).threads();
        assertThat(carried.live()).isLessThanOrEqualTo(first.live() - 300);
        assertThat(carried.waiting()).isEqualTo(first.waiting());

        JvmSample.Threads recounted = carried;
        for (int i = 2; i <= gap; i++) recounted = sampler.take(null).threads();
        assertThat(recounted.waiting()).isLessThanOrEqualTo(first.waiting() - 300);
    }
}
