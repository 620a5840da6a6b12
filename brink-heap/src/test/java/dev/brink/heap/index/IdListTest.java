package dev.brink.heap.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.heap.hprof.HprofFormatException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first pass's id collection gives the same dense indexes whether the ids fit 4-byte offsets from the first
 * one (a HotSpot heap) or not (ids off the 8-byte grid, or a heap wider than ±16 GiB around the first id).
 */
class IdListTest {
    /** Ids in file order (shuffled), both below and above the first one, then each looked up. */
    private static void assertIndexes(List<Long> ids) {
        IdList list = new IdList();
        for (long id : ids) {
            list.add(id);
        }
        ObjectIds index = list.toIds();
        List<Long> sorted = new ArrayList<>(ids);
        Collections.sort(sorted);
        assertThat(index.size()).isEqualTo(ids.size());
        for (int i = 0; i < sorted.size(); i++) {
            assertThat(index.id(i)).as("id of index %d", i).isEqualTo(sorted.get(i));
            assertThat(index.indexOf(sorted.get(i))).as("index of 0x%x", sorted.get(i)).isEqualTo(i);
        }
        assertThat(index.indexOf(sorted.get(0) - 8)).isNegative();
        assertThat(index.indexOf(sorted.get(sorted.size() - 1) + 8)).isNegative();
    }

    private static List<Long> shuffled(long first, long step, int n) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(first + step * i);
        }
        Collections.shuffle(ids, new java.util.Random(5));
        return ids;
    }

    @Test
    void alignedIdsAroundTheFirstOneAreExact() {
        List<Long> ids = shuffled(0x7_0000_0000L, 24, 100_000);
        ids.add(0, 0x7_0010_0000L); // the first id is in the middle of the heap, not its lowest
        ids.add(0x6_0000_0000L); // 4 GiB below it and 11 GiB above: still 4-byte offsets
        ids.add(0x9_c000_0000L);
        assertIndexes(ids);
    }

    @Test
    void anIdOffTheGridOrTooFarAwayWidensTheListAndKeepsEveryId() {
        List<Long> offGrid = shuffled(0x7_0000_0000L, 24, 70_000); // more than one 64 Ki page before the widening
        offGrid.add(0x7_0000_0004L);
        offGrid.add(123L);
        assertIndexes(offGrid);
        List<Long> far = shuffled(0x7_0000_0000L, 16, 1000);
        far.add(0x7_0000_0000L + (40L << 30)); // 40 GiB above the first id
        assertIndexes(far);
    }

    @Test
    void anIdDumpedTwiceIsAFormatError() {
        IdList list = new IdList();
        list.add(0x7_0000_0010L);
        list.add(0x7_0000_0000L);
        list.add(0x7_0000_0010L);
        assertThatThrownBy(list::toIds).isInstanceOf(HprofFormatException.class).hasMessageContaining("0x700000010 is dumped twice");
    }
}
