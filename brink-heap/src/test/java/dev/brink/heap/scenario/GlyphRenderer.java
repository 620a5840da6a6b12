package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A text renderer on a pool of four threads. Leak: each render keeps its scratch buffer in the thread's
 * ThreadLocal list, never cleared. Beside it, a static glyph cache (3 000 glyph bitmaps), full before the first
 * dump and only read afterwards.
 */
public final class GlyphRenderer {
    static final Map<Integer, byte[]> GLYPH_CACHE = new ConcurrentHashMap<>();
    static final ThreadLocal<List<byte[]>> SCRATCH = ThreadLocal.withInitial(ArrayList::new);

    static int render(int codePoint) {
        byte[] glyph = GLYPH_CACHE.computeIfAbsent(codePoint % 3_000, c -> new byte[700]);
        byte[] scratch = new byte[350];
        scratch[0] = glyph[0];
        SCRATCH.get().add(scratch);
        return scratch.length;
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4, TwoDumps.named("glyph-worker-"));
        TwoDumps.run(args, round -> {
            List<Future<Integer>> done = new ArrayList<>();
            for (int i = 0; i < (round == 1 ? 4_000 : 8_000); i++) {
                int cp = round == 1 ? i : 4_000 + i;
                done.add(pool.submit(() -> render(cp)));
            }
            for (Future<Integer> f : done) {
                f.get();
            }
        });
        pool.shutdownNow();
    }
}
