package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.HolderKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The growth rules on their edges, where the scenario programs do not go: churn a hair under each bar stays stable,
 * a hair over it grows; of holders grown inside one another the innermost is reported; a static field that grew
 * only because more copies of its class were loaded is its class loaders' growth. Heaps of 100 MiB: the bars are
 * 10 % of the holder and max(512 KiB, 0.5 % of the later heap) = 524 288 bytes.
 */
class GrowthRulesTest {
    static final long MIB = 1024 * 1024;
    static final long HEAP = 100 * MIB;
    static final long HOUR = 3_600_000;

    private static Holder h(String key, HolderKind kind, long bytes, int instances, String... within) {
        return new Holder(key, kind, "", "", bytes, -1, -1, instances, List.of(within), "", 0);
    }

    private static HolderSummary dump(long at, Holder... holders) {
        return new HolderSummary("dump-" + at, at, HEAP, 0, List.of(holders), 16 * 1024, Set.of("app.Main"), List.of());
    }

    private static List<String> grown(HolderSummary a, HolderSummary b) {
        return GrowthRules.compare(a, b, 20).grown().stream().map(HolderGrowth::holder).toList();
    }

    @Test
    void growthUnderEitherBarIsChurn() {
        // a 40 MiB cache moving by 9 %: under the holder's 10 %
        assertThat(grown(dump(0, h("static app.Cache.tiles", HolderKind.STATIC_FIELD, 40 * MIB, 1)),
                dump(HOUR, h("static app.Cache.tiles", HolderKind.STATIC_FIELD, 40 * MIB + 4 * MIB * 9 / 10, 1)))).isEmpty();
        // a 1 MiB JDK table doubling: 100 % of itself, but under 512 KiB
        assertThat(grown(dump(0, h("static java.lang.invoke.MethodType.internTable", HolderKind.STATIC_FIELD, 500 * 1024, 1)),
                dump(HOUR, h("static java.lang.invoke.MethodType.internTable", HolderKind.STATIC_FIELD, 1000 * 1024, 1)))).isEmpty();
        // over both: 11 % of 40 MiB
        assertThat(grown(dump(0, h("static app.Cache.tiles", HolderKind.STATIC_FIELD, 40 * MIB, 1)),
                dump(HOUR, h("static app.Cache.tiles", HolderKind.STATIC_FIELD, 40 * MIB + 4 * MIB * 11 / 10, 1))))
                .containsExactly("static app.Cache.tiles");
    }

    @Test
    void aHolderOnlyInTheLaterDumpGrewByAllItsBytesPerHour() {
        HolderGrowth row = GrowthRules.compare(dump(0), dump(2 * HOUR, h("app.Audit.trail", HolderKind.FIELD, 3 * MIB, 1)), 20)
                .grown().get(0);
        assertThat(row.bytesBefore()).isZero();
        assertThat(row.growthBytes()).isEqualTo(3 * MIB);
        assertThat(row.bytesPerHour()).isEqualTo(1.5 * MIB);
        // the same dump twice: nothing grew, and no rate without time between
        HolderSummary once = dump(0, h("app.Audit.trail", HolderKind.FIELD, 3 * MIB, 1));
        GrowthRules.Outcome same = GrowthRules.compare(once, once, 20);
        assertThat(same.grown()).isEmpty();
        assertThat(same.stable()).singleElement().satisfies(s -> assertThat(s.bytesPerHour()).isNull());
    }

    @Test
    void aStackFrameOnlyInTheLaterDumpIsARequestInFlightButOneInBothCanGrow() {
        String frame = "local variable of threads 'http-exec-#' in app.Export.render";
        GrowthRules.Outcome later = GrowthRules.compare(dump(0), dump(HOUR, h(frame, HolderKind.THREAD_STACK, 3 * MIB, 1)), 20);
        assertThat(later.grown()).isEmpty();
        assertThat(later.stable()).singleElement().satisfies(s -> {
            assertThat(s.holder()).isEqualTo(frame);
            assertThat(s.bytesPerHour()).isNull();
        });
        // the same frame at both dumps, 3 MiB more at the second: a loop keeping what it reads
        assertThat(grown(dump(0, h(frame, HolderKind.THREAD_STACK, 1 * MIB, 1)), dump(HOUR, h(frame, HolderKind.THREAD_STACK, 4 * MIB, 1))))
                .containsExactly(frame);
        // and any other kind of holder new in the later dump is growth of all its bytes
        assertThat(grown(dump(0), dump(HOUR, h("thread-local app.Export.ROWS of threads 'http-exec-#'", HolderKind.THREAD_LOCAL, 3 * MIB, 1))))
                .hasSize(1);
    }

    @Test
    void theInnermostGrownHolderIsReportedNotWhatEnclosesIt() {
        HolderSummary a = dump(0, h("static app.Desk.REGISTRY", HolderKind.STATIC_FIELD, 10 * MIB, 1),
                h("app.Registry.beans", HolderKind.FIELD, 10 * MIB, 1, "static app.Desk.REGISTRY"),
                h("app.Audit.trail", HolderKind.FIELD, 2 * MIB, 1, "app.Registry.beans"));
        HolderSummary b = dump(HOUR, h("static app.Desk.REGISTRY", HolderKind.STATIC_FIELD, 16 * MIB, 1),
                h("app.Registry.beans", HolderKind.FIELD, 16 * MIB, 1, "static app.Desk.REGISTRY"),
                h("app.Audit.trail", HolderKind.FIELD, 8 * MIB, 1, "app.Registry.beans"));
        assertThat(grown(a, b)).containsExactly("app.Audit.trail");
        // the registry grew by 6 MiB, the trail by 2: the rest of the registry's growth is its own, so both are named
        HolderSummary b2 = dump(HOUR, h("static app.Desk.REGISTRY", HolderKind.STATIC_FIELD, 16 * MIB, 1),
                h("app.Registry.beans", HolderKind.FIELD, 16 * MIB, 1, "static app.Desk.REGISTRY"),
                h("app.Audit.trail", HolderKind.FIELD, 4 * MIB, 1, "app.Registry.beans"));
        assertThat(grown(a, b2)).containsExactlyInAnyOrder("app.Registry.beans", "app.Audit.trail");
    }

    @Test
    void aStaticOfMoreCopiesOfAClassIsItsLoadersGrowth() {
        String loaders = "class loaders app.PluginLoader held by static app.Host.PLUGINS";
        HolderSummary a = dump(0, h(loaders, HolderKind.CLASS_LOADERS, 2 * MIB, 30),
                h("static app.Plugin.TEMPLATES", HolderKind.STATIC_FIELD, 1 * MIB, 30, loaders));
        HolderSummary b = dump(HOUR, h(loaders, HolderKind.CLASS_LOADERS, 8 * MIB, 120),
                h("static app.Plugin.TEMPLATES", HolderKind.STATIC_FIELD, 4 * MIB, 120, loaders));
        GrowthRules.Outcome o = GrowthRules.compare(a, b, 20);
        assertThat(o.grown()).extracting(HolderGrowth::holder).containsExactly(loaders);
        assertThat(o.stable()).extracting(HolderGrowth::holder).doesNotContain("static app.Plugin.TEMPLATES");
    }

    /** A holder keeping a Netty pool: its heap, its pool's chunk bytes (all native here), their unreleased part. */
    private static Holder pool(long heap, long chunks, long unreleased) {
        return new Holder("static app.Broker.FRAMES", HolderKind.STATIC_FIELD, "Netty pooled buffer arenas", "", heap, -1, -1, 1, List.of(),
                "", chunks, chunks, unreleased);
    }

    @Test
    void aPoolGrownToItsWorkingSetFillsUnlessWhatNoBufferHoldsGrew() {
        HolderSummary before = dump(0, pool(400, 8 * MIB, MIB));
        // 12 MiB more chunks, in use by no live buffer: 511 KiB more, under the least growth: its working set
        GrowthRules.Outcome working = GrowthRules.compare(before, dump(HOUR, pool(400, 20 * MIB, MIB + 511 * 1024)), 20);
        assertThat(working.grown()).isEmpty();
        assertThat(working.filling()).extracting(HolderGrowth::holder).containsExactly("static app.Broker.FRAMES");
        // 513 KiB more that no buffer holds: buffers dropped unreleased
        assertThat(grown(before, dump(HOUR, pool(400, 20 * MIB, MIB + 513 * 1024)))).containsExactly("static app.Broker.FRAMES");
        // its chunks at their working set, but its heap grew beside them by the least growth: judged on that
        assertThat(grown(before, dump(HOUR, pool(400 + 513 * 1024, 20 * MIB, MIB)))).containsExactly("static app.Broker.FRAMES");
        // a pool whose sizes did not read: judged like any holder
        HolderSummary unread = dump(0, new Holder("static app.Broker.FRAMES", HolderKind.STATIC_FIELD, "", "", 400, -1, -1, 1, List.of(), "",
                8 * MIB));
        assertThat(grown(unread, dump(HOUR, new Holder("static app.Broker.FRAMES", HolderKind.STATIC_FIELD, "", "", 400, -1, -1, 1, List.of(),
                "", 20 * MIB)))).containsExactly("static app.Broker.FRAMES");
    }
}
