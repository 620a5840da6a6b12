package dev.brink.sample;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * memory.leak.enabled: BookService.oldBooksPrices keeps one entry per PUT for ever. Counted in the child's
 * live heap with jcmd GC.class_histogram, as a person would check it.
 */
class MemoryLeakDefectTest {
    private static final String ENTRY = "dev.brink.sample.OldPrice";

    @Test
    void withTheLeakOnEveryPutStaysInTheHeap() throws Exception {
        try (SampleProcess sample = SampleProcess.start("--memory.leak.enabled=true")) {
            reprice(sample, 150);
            long first = sample.liveInstances(ENTRY);
            reprice(sample, 150);
            long second = sample.liveInstances(ENTRY);
            assertThat(first).isEqualTo(150);
            assertThat(second).isEqualTo(300);
        }
    }

    @Test
    void withTheLeakOffNothingAccumulates() throws Exception {
        try (SampleProcess sample = SampleProcess.start()) {
            reprice(sample, 150);
            assertThat(sample.liveInstances(ENTRY)).isZero();
        }
    }

    private static void reprice(SampleProcess sample, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            int id = 1 + i % 10; // the same few books: only the leak makes the history grow
            assertThat(sample.send("PUT", "/books/" + id + "/price", (10 + i % 7) + ".50", "text/plain").statusCode()).isEqualTo(200);
        }
    }
}
