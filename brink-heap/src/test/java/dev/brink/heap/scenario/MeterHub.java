package dev.brink.heap.scenario;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;

/**
 * A smart-meter hub just after a start: three workers decode frames, each borrowing 64 KiB buffers from its own
 * thread's free list (an {@code ArrayDeque}: polled to borrow, offered back), and the latest readings are cached in a
 * static anonymous LinkedHashMap in access order, evicted beyond {@code MAX_READINGS}: a static of this class read at
 * start-up ({@code Integer.getInteger}, not a constant, so removeEldestEntry reads it from here, where the dump shows
 * it). The cache fills from 2 000 to 4 000 readings between the dumps, far below its 6 000 of ~700 bytes; the pools
 * stay at 16 buffers per worker. Beside them, two pools of the application's own shapes: a ring of 24 frame slots of 96 KiB (a
 * fixed array with an index) and a block pool whose free list is an ArrayList kept under its {@code capacity} of 24
 * (20 blocks free). And three more pools: 40 spool buffers in a {@code ConcurrentLinkedQueue} and 30 uplink buffers
 * in a {@code LinkedBlockingDeque} (64 KiB, linked free lists, polled and offered back), and 30 slabs of 64 KiB in an
 * {@code ArrayList} made at 30, filled once and replaced in place. Nothing leaks.
 *
 * <p>{@link Leaking}, its twin: each worker appends a 16 KiB scratch buffer per frame to its thread's ThreadLocal
 * list and never clears it (equal buffers, as a pool's, but in a list that only grows), and the frames are cached in
 * a map bounded the same way at 40 000 frames of 2 KB: 80 MB at its bound, in a 64 MiB heap. It fills the heap
 * long before it evicts. Beside them, a {@code ConcurrentLinkedQueue} only offered to (40 buffers of 64 KiB a round,
 * never polled: one dump reads it as a pool, as it would an {@code ArrayDeque}; the two dumps see it grow) and an
 * {@code ArrayList} made at 30 and appended to, 20 buffers of 128 KiB a round (spare slots in each dump: no pool). All four
 * grow between the dumps, and all four are leaks. Sized so that no share sits near a line the test reads: at the
 * second dump the scratch lists are ~45 % of the heap (a warning from 30 %), the queue and the list ~16 % each (a
 * suspect from 10 %), the frames ~19 %; with 8 KiB scratch buffers the lists sat at 29–34 % and flipped.
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
    static final FrameRing RING = new FrameRing(24);
    static final BlockPool BLOCKS = new BlockPool(24);
    static final Queue<byte[]> SPOOL = new ConcurrentLinkedQueue<>();
    static final BlockingDeque<byte[]> UPLINK = new LinkedBlockingDeque<>();
    static final List<byte[]> SLABS = new ArrayList<>(30);

    static {
        for (int i = 0; i < 30; i++) {
            SLABS.add(new byte[64 * 1024]);
        }
    }

    private MeterHub() {
    }

    /** Raw frames by slot, the next slot overwritten in place. */
    static final class FrameRing {
        private final byte[][] slots;
        private int next;

        FrameRing(int n) {
            slots = new byte[n][];
            for (int i = 0; i < n; i++) {
                slots[i] = new byte[96 * 1024];
            }
        }

        void write(long frame) {
            slots[next][0] = (byte) frame;
            next = (next + 1) % slots.length;
        }
    }

    /** Blocks for the archive writer: at most {@code capacity} kept free, the rest dropped on release. */
    static final class BlockPool {
        private final int capacity;
        private final List<byte[]> free = new ArrayList<>();

        BlockPool(int capacity) {
            this.capacity = capacity;
        }

        byte[] take() {
            return free.isEmpty() ? new byte[96 * 1024] : free.remove(free.size() - 1);
        }

        void release(byte[] block) {
            if (free.size() < capacity) {
                free.add(block);
            }
        }
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
                RING.write(i);
            }
            List<byte[]> taken = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                taken.add(BLOCKS.take());
            }
            taken.forEach(BLOCKS::release);
            spool(SPOOL, 40, 64 * 1024);
            spool(UPLINK, 30, 64 * 1024);
            for (int i = 0; i < 10; i++) {
                SLABS.set((round * 10 + i) % SLABS.size(), new byte[64 * 1024]); // replaced in place, never appended
            }
        });
        workers.shutdownNow();
    }

    /** Borrows n buffers from a linked free list (a new one when it is empty) and gives them all back. */
    static void spool(Queue<byte[]> free, int n, int size) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] b = free.poll();
            out.add(b != null ? b : new byte[size]);
        }
        free.addAll(out);
    }

    /** The twin that leaks twice: scratch buffers kept in a ThreadLocal list, a cache whose bound the heap cannot hold. */
    public static final class Leaking {
        static final int MAX_FRAMES = Integer.getInteger("meter.frames", 40_000);
        static final Map<Long, byte[]> FRAMES = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                return size() > MAX_FRAMES;
            }
        };
        static final ThreadLocal<List<byte[]>> SCRATCH = ThreadLocal.withInitial(ArrayList::new);
        static final Queue<byte[]> SPOOL = new ConcurrentLinkedQueue<>();
        static final List<byte[]> SLABS = new ArrayList<>(30);

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
                for (int i = 0; i < 1_500; i++) {
                    FRAMES.put((round - 1) * 1_500L + i, new byte[2_000]);
                }
                for (int i = 0; i < 40; i++) {
                    SPOOL.offer(new byte[64 * 1024]); // offered, never polled
                }
                for (int i = 0; i < 20; i++) {
                    SLABS.add(new byte[128 * 1024]); // presized, but appended to: 20 of 30, then 40 of 45
                }
            });
            workers.shutdownNow();
        }
    }
}
