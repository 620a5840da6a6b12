package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.report.DetailReader;
import dev.brink.heap.report.DominatedTree;
import dev.brink.heap.report.GcPaths;
import dev.brink.heap.report.HolderTable;
import dev.brink.heap.report.Holders;
import dev.brink.heap.report.PathText;
import dev.brink.heap.report.Suspects;
import dev.brink.heap.report.ThreadNames;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Suspects and Holders have no lifecycle to get wrong: construction selects, each later call takes the scan it
 * needs and keeps nothing, so calling them twice gives the same answer; DetailReader shares no mutable state.
 */
class SuspectsContractTest {
    @TempDir
    Path dir;

    @Test
    void describingTwiceGivesTheSameSuspectsAndNothingIsShared() throws Exception {
        Path file = ChildDumps.dump(ChildDumps.currentJdk(), "leak", dir.resolve("leak.hprof"), "20000");
        HeapGraph g = GraphBuilder.build(file, HeapProgress.NONE);
        DominatorTree t = DominatorTree.compute(g, HeapProgress.NONE);
        DominatedTree dt = new DominatedTree(g, t);
        GcPaths paths = new GcPaths(g);
        Suspects s = new Suspects(g, t, dt, paths, 0.10);
        Holders holders = new Holders(g, t, dt, paths);
        ThreadNames threads = new ThreadNames(g);
        Set<Long> wanted = new HashSet<>(s.wanted());
        Map<Long, Long> arrays = new HashMap<>(s.arrayTargets());
        holders.request(wanted, arrays);
        wanted.addAll(threads.wanted());
        DetailReader scan = DetailReader.read(file, wanted, arrays);
        threads.read(scan);
        HolderTable table = holders.name(scan, threads);
        PathText text = new PathText(g, scan, threads);
        List<LeakSuspect> once = s.describe(text, table);
        List<LeakSuspect> twice = s.describe(text, table);
        assertThat(once).isNotEmpty().isEqualTo(twice);
        assertThat(once.get(0).subject()).isEqualTo("dev.brink.heap.child.DumpingApp.PRICE_HISTORY");
        assertThatThrownBy(() -> s.wanted().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.arrayTargets().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(holders.name(scan, threads).holders()).isEqualTo(table.holders());
        for (Class<?> c : new Class<?>[] {Suspects.class, DetailReader.class, Holders.class, PathText.class, ThreadNames.class}) {
            assertThat(Arrays.stream(c.getDeclaredFields()).filter(f -> !Modifier.isPrivate(f.getModifiers())
                    && !(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()))).map(Field::getName))
                    .as(c.getSimpleName() + " fields others can reach").isEmpty();
        }
    }
}
