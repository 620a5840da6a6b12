package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A map-tile server. Leak: every viewer session registers a render listener on the server singleton and none is
 * ever removed. Beside it, a bounded LRU cache of rendered tiles (300 tiles of 8 KB), full before the first dump
 * and churning after it: as big as the leak, and not one.
 */
public final class TileServer {
    static final TileServer INSTANCE = new TileServer();

    record RenderListener(long sessionId, int[] viewport) {
    }

    private final List<RenderListener> renderListeners = new ArrayList<>();
    private long sessions;

    void openSession() {
        renderListeners.add(new RenderListener(sessions++, new int[240]));
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> {
            for (int i = 0; i < 3_000; i++) {
                TileCache.TILES.get((round * 7_919L + i) % 1_500); // a 1 500-tile world through a 300-tile cache
            }
            for (int i = 0; i < (round == 1 ? 1_500 : 3_000); i++) {
                INSTANCE.openSession();
            }
        });
    }

    /** Rendered tiles by tile number, the least recently used evicted beyond 300. */
    static final class TileCache extends LinkedHashMap<Long, byte[]> {
        static final TileCache TILES = new TileCache();

        private TileCache() {
            super(512, 0.75f, true);
        }

        byte[] get(long tile) {
            return computeIfAbsent(tile, t -> new byte[8 * 1024]);
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
            return size() > 300;
        }
    }
}
