package dev.brink.heap.dominator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Rank and select of the dominator tree's object → slot map agree with counting bits one by one. */
class RankedBitsTest {
    @Test
    void rankCountsTheSetBitsBelowAndSelectInvertsIt() {
        int n = 10_007;
        RankedBits bits = new RankedBits(n);
        boolean[] want = new boolean[n];
        Random r = new Random(11);
        for (int i = 0; i < n; i++) {
            // runs of empty and full words as well as mixed ones
            want[i] = i < 640 ? false : i < 1280 || r.nextInt(3) == 0;
            if (want[i]) {
                bits.set(i);
            }
        }
        bits.seal();
        int rank = 0;
        for (int i = 0; i < n; i++) {
            assertThat(bits.has(i)).isEqualTo(want[i]);
            assertThat(bits.rank(i)).as("rank of %d", i).isEqualTo(rank);
            if (want[i]) {
                assertThat(bits.select(rank)).as("select(%d)", rank).isEqualTo(i);
                rank++;
            }
        }
        assertThat(bits.count()).isEqualTo(rank);
    }
}
