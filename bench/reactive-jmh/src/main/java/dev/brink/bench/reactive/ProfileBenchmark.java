package dev.brink.bench.reactive;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import reactor.test.StepVerifier;

/**
 * The field report's benchmark, with delays of milliseconds instead of seconds so a run takes seconds: JMH times a
 * whole StepVerifier subscription of the profile pipeline. {@code profile} waits on the delays (the sequential form
 * pays three delays, the zip form one); {@code assemble} has no delay and measures the operators alone, where the two
 * forms differ mostly in what they allocate (run with -prof gc).
 */
@BenchmarkMode(Mode.AverageTime)
public class ProfileBenchmark {
    /** The delay of each source; a state of its own so that only {@code profile} is run once per value. */
    @State(Scope.Benchmark)
    public static class Sources {
        @Param({"5", "20"})
        public int delayMs;

        Duration delay;

        @Setup
        public void setUp() {
            delay = Duration.ofMillis(delayMs);
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void profile(Sources sources) {
        StepVerifier.create(ProfilePipeline.profile(sources.delay)).expectNextCount(1).verifyComplete();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void assemble() {
        StepVerifier.create(ProfilePipeline.profile(Duration.ZERO)).expectNextCount(1).verifyComplete();
    }
}
