package dev.brink.heap.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The temporary-file stores the analysis moves arrays into give back exactly what went in, in any read order. */
class SpilledIntsTest {
    /** Several windows long, with values that use every bit (byte order would show). */
    private static int[] values(int n) {
        Random r = new Random(7);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    @Test
    void readsAscendingDescendingAndAtRandomMatchTheArray() {
        int[] a = values(150_001);
        SpilledInts s = SpilledInts.of(a.clone());
        assertThat(s.length()).isEqualTo(a.length);
        int[] up = new int[a.length];
        for (int k = 0; k < a.length; k++) {
            up[k] = s.get(k);
        }
        assertThat(up).isEqualTo(a);
        int[] down = new int[a.length];
        for (int k = a.length - 1; k >= 0; k--) {
            down[k] = s.get(k);
        }
        assertThat(down).isEqualTo(a);
        Random r = new Random(3);
        for (int i = 0; i < 500; i++) {
            int k = r.nextInt(a.length);
            assertThat(s.get(k)).as("slot %d", k).isEqualTo(a[k]);
        }
        assertThatThrownBy(() -> s.get(a.length)).isInstanceOf(ArrayIndexOutOfBoundsException.class);
    }

    @Test
    void parkedClassIndexesAndSizesComeBackUnchanged() throws Exception {
        int n = 550_000; // over the 1 MiB write block (524 288 chars) in both 2-byte arrays
        ClassIndexes classes = new ClassIndexes(n, 1000);
        ShallowSizes sizes = new ShallowSizes(n, 8);
        for (int i = 0; i < n; i++) {
            classes.set(i, i % 1000);
            sizes.set(i, i % 97 == 0 ? 8 * 70_000 + 8 * i : 16 + 8 * (i % 50)); // some above the 2-byte range
        }
        classes.park();
        sizes.park();
        classes.restore();
        sizes.restore();
        int[] gotClasses = new int[n];
        int[] gotSizes = new int[n];
        int[] wantClasses = new int[n];
        int[] wantSizes = new int[n];
        for (int i = 0; i < n; i++) {
            gotClasses[i] = classes.get(i);
            gotSizes[i] = sizes.get(i);
            wantClasses[i] = i % 1000;
            wantSizes[i] = i % 97 == 0 ? 8 * 70_000 + 8 * i : 16 + 8 * (i % 50);
        }
        assertThat(gotClasses).isEqualTo(wantClasses);
        assertThat(gotSizes).isEqualTo(wantSizes);
    }

    @Test
    void aStreamWrittenOneByOneReadsBackInBothDirectionsAndAsAnArray() {
        int[] a = values(200_003); // three buffers and a part
        SpilledInts.Writer w = SpilledInts.writer();
        for (int v : a) {
            w.add(v);
        }
        SpilledInts s = w.finish();
        assertThat(s.length()).isEqualTo(a.length);
        for (int k = a.length - 1; k >= 0; k -= 7) {
            assertThat(s.get(k)).as("slot %d", k).isEqualTo(a[k]);
        }
        assertThat(s.toArray()).isEqualTo(a);
        assertThat(SpilledInts.writer().finish().length()).isZero();
    }

    @Test
    void parkedClassesAndSizesComeBackOnTheFirstReadWithoutARestore() {
        int n = 70_000;
        ClassIndexes classes = new ClassIndexes(n, 70_000); // over 65 536 classes: 4-byte indexes
        ShallowSizes sizes = new ShallowSizes(n, 8);
        for (int i = 0; i < n; i++) {
            classes.set(i, n - 1 - i);
            sizes.set(i, 16 + 8 * (i % 9));
        }
        classes.park();
        sizes.park();
        assertThat(classes.get(12_345)).isEqualTo(n - 1 - 12_345);
        assertThat(sizes.get(12_345)).isEqualTo(16 + 8 * (12_345 % 9));
        assertThat(classes.get(0)).isEqualTo(n - 1);
    }
}
