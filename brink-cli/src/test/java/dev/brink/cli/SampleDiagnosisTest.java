package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field report 000 by hand, with Brink's analysers: the sample's defects, switched on, are found in evidence
 * taken from the running service — the leak in a heap dump, the log lock in thread dumps.
 */
class SampleDiagnosisTest {
    @TempDir
    Path dir;

    @Test
    void theLeakIsOldBooksPricesWithItsShareAndPathFromAGcRoot() throws Exception {
        assumeTrue(SampleJarProcess.built(), "the sample jar is built by the reactor before brink-cli's tests; run ./mvnw verify from the root");
        Path dump = dir.resolve("book.hprof");
        try (SampleJarProcess sample = SampleJarProcess.start("128m", "--memory.leak.enabled=true")) {
            ExecutorService clients = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> puts = new ArrayList<>();
                for (int i = 0; i < 8_000; i++) {
                    int id = 1 + i % 1000;
                    String price = (5 + i % 90) + ".25";
                    puts.add(clients.submit(() -> sample.send("PUT", "/books/" + id + "/price", price)));
                }
                for (Future<Integer> f : puts) {
                    assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(200);
                }
            } finally {
                clients.shutdownNow();
            }
            sample.jcmd("GC.heap_dump", dump.toString());
        }
        BrinkRun r = brink("heap", "--json", dump.toString());
        assertThat(r.code).as(r.err).isZero();
        JsonNode finding = Json.MAPPER.readTree(r.out).get("findings").get(0);
        assertThat(finding.get("kind").asText()).isEqualTo("memory-leak");
        assertThat(finding.get("subject").asText()).isEqualTo("dev.brink.sample.BookService.oldBooksPrices");
        JsonNode detail = finding.get("detail");
        assertThat(detail.get("share_of_heap").asDouble()).isGreaterThan(0.10).isLessThan(1.0);
        assertThat(detail.get("accumulation_class").asText()).isEqualTo("java.util.concurrent.ConcurrentHashMap$Node[]");
        assertThat(detail.get("path_from_gc_root").toString()).contains("oldBooksPrices");
    }

    @Test
    void theLogLockIsLog4jsOutputStreamManagerWithItsHolderFrameAndWaiters() throws Exception {
        assumeTrue(SampleJarProcess.built(), "the sample jar is built by the reactor before brink-cli's tests; run ./mvnw verify from the root");
        List<Path> dumps = new ArrayList<>();
        try (SampleJarProcess sample = SampleJarProcess.start("128m", "--logging.contention.enabled=true",
                "--book.pool.size=16", "--book.pool.queue=1000")) {
            AtomicBoolean running = new AtomicBoolean(true);
            ExecutorService load = Executors.newFixedThreadPool(24);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // bounded in time
            for (int c = 0; c < 24; c++) {
                int first = c;
                load.submit(() -> {
                    for (int i = first; running.get() && System.nanoTime() < deadline; i++) {
                        sample.send("GET", "/books/" + (1 + i % 1000), null);
                    }
                    return null;
                });
            }
            try {
                Thread.sleep(2000);
                for (int d = 0; d < 5; d++) {
                    Path f = dir.resolve("threads-" + d + ".txt");
                    Files.writeString(f, sample.jcmd("Thread.print", "-l"));
                    dumps.add(f);
                    Thread.sleep(300);
                }
            } finally {
                running.set(false);
                load.shutdown();
                load.awaitTermination(30, TimeUnit.SECONDS);
            }
        }
        List<String> args = new ArrayList<>(List.of("threads", "--json"));
        dumps.forEach(p -> args.add(p.toString()));
        BrinkRun r = brink(args.toArray(String[]::new));
        assertThat(r.code).as(r.err).isZero();
        JsonNode contention = null;
        for (JsonNode f : Json.MAPPER.readTree(r.out).get("findings")) {
            if (f.get("kind").asText().equals("lock-contention")) {
                contention = f;
                break;
            }
        }
        assertThat(contention).as("a lock-contention finding in " + r.out).isNotNull();
        assertThat(contention.get("subject").asText()).isEqualTo("org.apache.logging.log4j.core.appender.OutputStreamManager");
        JsonNode detail = contention.get("detail");
        assertThat(detail.get("holder_thread").asText()).startsWith("BookThread-");
        assertThat(detail.get("holder_frame").asText()).contains("org.apache.logging.log4j.core.appender.OutputStreamManager.");
        assertThat(detail.get("waiter_count").asInt()).isPositive();
    }
}
