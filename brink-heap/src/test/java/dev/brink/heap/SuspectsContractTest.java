package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.report.DetailReader;
import dev.brink.heap.report.DominatedTree;
import dev.brink.heap.report.GcPaths;
import dev.brink.heap.report.Suspects;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Suspects has no lifecycle to get wrong: construction selects, each later call takes the scans it needs and
 * keeps nothing, so calling them twice or in another order gives the same answer; DetailReader shares no
 * mutable state.
 */
class SuspectsContractTest {
    @TempDir
    Path dir;

    @Test
    void describingTwiceGivesTheSameSuspectsAndNothingIsShared() throws Exception {
        Path file = ChildDumps.dump(ChildDumps.currentJdk(), "leak", dir.resolve("leak.hprof"), "20000");
        HeapGraph g = GraphBuilder.build(file, HeapProgress.NONE);
        DominatorTree t = DominatorTree.compute(g, HeapProgress.NONE);
        Suspects s = new Suspects(g, t, new DominatedTree(g, t), new GcPaths(g), 0.10);
        DetailReader first = DetailReader.read(file, s.wanted(), s.arrayTargets());
        DetailReader second = DetailReader.read(file, s.stringValues(first), java.util.Map.of());
        // the thread-name strings come from the second scan: stringValues asks before describe, in any order
        assertThat(s.stringValues(first)).isEqualTo(s.stringValues(first));
        List<LeakSuspect> once = s.describe(first, second);
        List<LeakSuspect> twice = s.describe(first, second);
        assertThat(once).isNotEmpty().isEqualTo(twice);
        assertThat(once.get(0).subject()).isEqualTo("dev.brink.heap.child.DumpingApp.PRICE_HISTORY");
        assertThatThrownBy(() -> s.wanted().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.arrayTargets().clear()).isInstanceOf(UnsupportedOperationException.class);
        for (Class<?> c : new Class<?>[] {Suspects.class, DetailReader.class}) {
            assertThat(Arrays.stream(c.getDeclaredFields()).filter(f -> !Modifier.isPrivate(f.getModifiers())
                    && !(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()))).map(Field::getName))
                    .as(c.getSimpleName() + " fields others can reach").isEmpty();
        }
    }
}
