package dev.brink.heap.scenario;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A smart-meter hub just after a start: three workers decode frames, each borrowing 64 KiB buffers from its own
 * thread's free list (an {@code ArrayDeque}: polled to borrow, offered back), and the latest readings are cached in a
 * static anonymous LinkedHashMap in access order, evicted beyond {@code MAX_READINGS}: a static of this class read at
 * start-up ({@code Integer.getInteger}, not a constant, so removeEldestEntry reads it from here, where the dump shows
 * it). The cache fills from 2 000 to 4 000 readings between the dumps, far below its 6 000 of ~700 bytes; the pools
 * stay at 16 buffers per worker. Nothing leaks.
 *
 * <p>{@link Leaking}, its twin: each worker appends a 16 KiB scratch buffer per frame to its thread's ThreadLocal
 * list and never clears it (equal buffers, as a pool's, but in a list that only grows), and the frames are cached in
 * a map bounded the same way at 50 000 frames of 2 KiB: 100 MB at its bound, in a 64 MiB heap. It fills the heap
 * long before it evicts. Both grow between the dumps, and both are leaks.
 */
public final class MeterHub {
    static final int MAX_READINGS = Integer.getInteger("meter.readings", 6_000);
    static final Map<Long, byte[]> READINGS = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
            return size() > MAX_READINGS;
        }
    };
    static final ThreadLocal<ArrayDeque<byte[]>> FREE = ThreadLocal.withInitial(ArrayDeque::new);

    private MeterHub() {
    }

    static int decode(long frame) {
        ArrayDeque<byte[]> free = FREE.get();
        List<byte[]> borrowed = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            byte[] b = free.poll();
            borrowed.add(b != null ? b : new byte[64 * 1024]);
        }
        borrowed.get((int) (frame % 16))[0] = (byte) frame;
        free.addAll(borrowed);
        return borrowed.size();
    }

    public static void main(String[] args) throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(3, TwoDumps.named("meter-worker-"));
        TwoDumps.run(args, round -> {
            List<Future<Integer>> done = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                long frame = (round - 1) * 300L + i;
                done.add(workers.submit(() -> decode(frame)));
            }
            for (Future<Integer> f : done) {
                f.get();
            }
            for (int i = 0; i < 2_000; i++) {
                READINGS.put((round - 1) * 2_000L + i, new byte[600]);
            }
        });
        workers.shutdownNow();
    }

    /** The twin that leaks twice: scratch buffers kept in a ThreadLocal list, a cache whose bound the heap cannot hold. */
    public static final class Leaking {
        static final int MAX_FRAMES = Integer.getInteger("meter.frames", 50_000);
        static final Map<Long, byte[]> FRAMES = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                return size() > MAX_FRAMES;
            }
        };
        static final ThreadLocal<List<byte[]>> SCRATCH = ThreadLocal.withInitial(ArrayList::new);

        private Leaking() {
        }

        public static void main(String[] args) throws Exception {
            ExecutorService workers = Executors.newFixedThreadPool(3, TwoDumps.named("meter-worker-"));
            TwoDumps.run(args, round -> {
                List<Future<Integer>> done = new ArrayList<>();
                for (int i = 0; i < (round == 1 ? 300 : 600); i++) {
                    done.add(workers.submit(() -> {
                        byte[] scratch = new byte[16 * 1024];
                        SCRATCH.get().add(scratch); // never cleared
                        return scratch.length;
                    }));
                }
                for (Future<Integer> f : done) {
                    f.get();
                }
                for (int i = 0; i < 4_000; i++) {
                    FRAMES.put((round - 1) * 4_000L + i, new byte[2_000]);
                }
            });
            workers.shutdownNow();
        }
    }
}
