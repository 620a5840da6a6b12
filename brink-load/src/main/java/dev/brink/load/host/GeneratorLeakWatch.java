package dev.brink.load.host;

/**
 * Watches the generator's own JVM for a leak across a run: its heap right after each GC and its loaded classes,
 * one sample a second, over a sliding window.
 *
 * <p>Why these two: a load generator in steady state holds a fixed set of things (connections, histograms,
 * buffers, compiled templates); everything a request allocates dies young. So the heap that survives a GC, its
 * floor, is flat, and the loaded classes stop growing once the first seconds have loaded the code. A floor that
 * keeps rising means something is kept per request; classes that keep loading under load mean code is being
 * generated per request (a script engine compiling each script, as in field report 002, where the generator
 * filled 3.6 GB in 7 minutes and then blocked on {@code ClassLoader.loadClass}). Either way the run measures
 * the tool, not the service.
 *
 * <p>Rule: over the last {@link #WINDOW} samples (at least {@link #MIN_SAMPLES}, after {@link #WARMUP} samples
 * of start-up), split in thirds: leaking when the minimum of each third is above the previous third's (a
 * floor that rose twice, not one step) and the last third's floor is more than max({@link #MIN_RISE_BYTES},
 * {@link #HEAP_SHARE} × max heap) above the first's; or when the mean class count of each third is more than
 * {@link #MIN_CLASS_RISE} / 3 above the previous third's, in a window of {@link #MIN_CLASS_SAMPLES} at least:
 * loading that goes on, not the burst of a start (on a
 * loaded machine Brink was seen loading 3,500 classes over its first 20 s and then none) nor the few classes
 * a one-off event loads (a jcmd attaching). Reporting thread only.
 */
final class GeneratorLeakWatch {
    static final int WINDOW = 60;
    static final int MIN_SAMPLES = 9;
    static final int WARMUP = 5;
    static final long MIN_RISE_BYTES = 16L << 20;
    static final double HEAP_SHARE = 0.10;
    static final int MIN_CLASS_RISE = 1000;
    /** Classes are judged on a window of 30 s at least: a start's burst of loading lasts up to ~20 s. */
    static final int MIN_CLASS_SAMPLES = 30;

    private final long[] heap = new long[WINDOW];
    private final int[] classes = new int[WINDOW];
    private final long maxHeap;
    private long samples;
    private long recorded;
    private long heapRise;
    private int classRise;

    GeneratorLeakWatch(long maxHeap) {
        this.maxHeap = maxHeap;
    }

    /** Adds one sample; true when the window now says the generator is leaking. */
    boolean add(long heapAfterGc, int loadedClasses) {
        samples++;
        // before the first GC there is no heap-after-GC figure: such seconds are not in the window at all
        if (samples <= WARMUP || heapAfterGc <= 0) return false;
        int i = (int) (recorded % WINDOW);
        heap[i] = heapAfterGc;
        classes[i] = loadedClasses;
        recorded++;
        int n = (int) Math.min(recorded, WINDOW);
        if (n < MIN_SAMPLES) return false;
        int third = n / 3;
        long start = recorded - n; // index (among the recorded samples) of the window's oldest
        long f1 = Long.MAX_VALUE;
        long f2 = Long.MAX_VALUE;
        long f3 = Long.MAX_VALUE;
        double c1 = 0;
        double c2 = 0;
        double c3 = 0;
        for (int k = 0; k < n; k++) {
            int at = (int) ((start + k) % WINDOW);
            if (k < third) {
                f1 = Math.min(f1, heap[at]);
                c1 += classes[at] / (double) third;
            } else if (k >= n - third) {
                f3 = Math.min(f3, heap[at]);
                c3 += classes[at] / (double) third;
            } else {
                f2 = Math.min(f2, heap[at]);
                c2 += classes[at] / (double) (n - 2 * third);
            }
        }
        heapRise = f3 - f1;
        classRise = (int) Math.round(c3 - c1);
        long limit = Math.max(MIN_RISE_BYTES, (long) (HEAP_SHARE * Math.max(0, maxHeap)));
        boolean floorRose = f2 > f1 && f3 > f2 && heapRise > limit;
        boolean classesKeptLoading = n >= MIN_CLASS_SAMPLES && c2 - c1 > MIN_CLASS_RISE / 3.0 && c3 - c2 > MIN_CLASS_RISE / 3.0;
        return floorRose || classesKeptLoading;
    }

    /** How far the floor rose over the window at the last {@link #add}, in bytes. */
    long heapRise() {
        return heapRise;
    }

    int classRise() {
        return classRise;
    }
}
