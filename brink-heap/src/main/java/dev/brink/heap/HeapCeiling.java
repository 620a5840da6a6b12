package dev.brink.heap;

import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;

/**
 * The heap's maximum, as a HotSpot dump shows it. The HPROF format has no record for it (no flags, no sizes of the
 * generations), but the JDK keeps a copy: at start-up {@code jdk.internal.misc.VM.saveProperties} sets the static
 * {@code directMemory} (the limit on direct buffers) to {@code Runtime.getRuntime().maxMemory()} unless
 * {@code -XX:MaxDirectMemorySize} was given, and HotSpot writes every class's static fields into the dump. Measured
 * on JDK 17 and 25: {@code -Xmx300m} reads 314 572 800 with G1 and ZGC, 301 465 600 with Parallel and 304 087 040 with
 * Serial (their {@code maxMemory()} leaves one survivor space out), and {@code -XX:MaxDirectMemorySize=50m} reads
 * 52 428 800 on either. JDK 8's {@code sun.misc.VM} has
 * no {@code initLevel} and is not read.
 *
 * <p>An explicit MaxDirectMemorySize is not told apart here (it is a property in the VM's saved map, not a field): a
 * value below what the heap holds cannot be the heap's maximum and is not used; one above it overstates the ceiling,
 * which only makes a rule that compares with it fire less ({@link GrowthRules}: a bound beyond the heap). What is left
 * unguarded is an explicit limit between the used heap and the real maximum. A dump taken before
 * {@code saveProperties} ran (the class's {@code initLevel} still 0) holds the field's 64 MiB initial value, not the
 * heap's: none is read from it.
 */
final class HeapCeiling {
    private HeapCeiling() {
    }

    /** The heap's maximum in bytes, or 0 when the dump does not show one; {@code heapBytes}: what it holds. */
    static long of(HeapGraph g, long heapBytes) {
        ClassTable classes = g.classes();
        for (int c = 0; c < classes.size(); c++) {
            String name = classes.name(c);
            if (!name.equals("jdk.internal.misc.VM")) {
                continue;
            }
            long max = 0;
            boolean saved = false;
            for (int i = 0; i < classes.staticCount(c); i++) {
                if (classes.staticType(c, i) == HprofTypes.LONG && classes.staticName(c, i).equals("directMemory")) {
                    max = classes.staticValue(c, i);
                }
                if (classes.staticType(c, i) == HprofTypes.INT && classes.staticName(c, i).equals("initLevel")) {
                    saved = (int) classes.staticValue(c, i) >= 1;
                }
            }
            return saved && max > heapBytes && max < Long.MAX_VALUE ? max : 0;
        }
        return 0;
    }
}
