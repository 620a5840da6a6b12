package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Shard;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shards of one load send, between them, exactly what one process would: arrivals of a ramp, CSV rows. */
class ShardScheduleTest {
    @TempDir
    Path dir;

    @Test
    void threeShardsOfARampSendTheGlobalArrivalsOnce() throws Exception {
        // a ramp 0 → 2 × 45 req/s over 2 s owes ceil(45 × 1 × 2) = 90 arrivals; unevenly spaced, so a shard that
        // counted its own arrivals (not the global index) would send a different number
        try (TestServer server = new TestServer()) {
            ExecutorService pool = Executors.newFixedThreadPool(3);
            List<Future<StepResult>> results = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Shard shard = new Shard(i, 3, null, Shard.SYSTEM_CLOCK, null);
                results.add(pool.submit(() -> {
                    try (LoadEngine e = LoadEngine.open(Plans.single(server.url(), 45), LoadOptions.defaults().withShard(shard), null)) {
                        return e.run(LoadStep.ramp("ramp", 0, 2, Duration.ofSeconds(2)));
                    }
                }));
            }
            long sent = 0;
            List<Long> each = new ArrayList<>();
            for (Future<StepResult> f : results) {
                StepResult r = f.get();
                assertThat(r.targetRps()).isEqualTo(15.0); // each shard's share of the 45 req/s mean
                each.add(r.sent());
                sent += r.sent();
            }
            pool.shutdown();
            assertThat(each).containsExactly(30L, 30L, 30L);
            assertThat(sent).isEqualTo(90);
            assertThat(server.requests.get()).isEqualTo(90);
        }
    }

    @Test
    void csvRowsGoToShardKModN() throws Exception {
        Path csv = dir.resolve("rows.csv");
        StringBuilder b = new StringBuilder("id\n");
        for (int k = 0; k < 10; k++) b.append("row").append(k).append('\n');
        Files.writeString(csv, b);
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            CsvFeeder f = CsvFeeder.load(csv, false, new Shard(i, 4, null, Shard.SYSTEM_CLOCK, null));
            for (int r = 0; r < f.size(); r++) {
                String v = new String(f.row(r)[0], StandardCharsets.UTF_8);
                assertThat(Integer.parseInt(v.substring(3)) % 4).isEqualTo(i);
                all.add(v);
            }
        }
        assertThat(all).hasSize(10).doesNotHaveDuplicates();
        assertThatThrownBy(() -> CsvFeeder.load(csv, false, new Shard(11, 12, null, Shard.SYSTEM_CLOCK, null)))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("at least one row per shard");
    }
}
