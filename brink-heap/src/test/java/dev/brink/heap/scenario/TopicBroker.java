package dev.brink.heap.scenario;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * A topic broker that stages each published message as a 16 KiB frame from Netty's pooled direct allocator, on its
 * event loops (FastThreadLocalThreads, as Netty's are: each gets a per-thread cache of freed regions). The first
 * round's subscribers sit on one loop, which keeps 300 frames in flight at once; by the second, subscribers on three
 * loops keep 900 in flight together. Every frame is released once delivered, so the pool keeps the larger working
 * set's capacity (three threads' caches of freed regions, the chunks under them) for reuse, and nothing leaks.
 * Netty's leak detector runs at its default level: 1 buffer in 128 wrapped, the buffer also the referent of the
 * detector's WeakReference (a second path to it in the dump's graph, which must not take it from its holder).
 *
 * <p>{@link Hoarding}, a leak twin: delivered frames are kept in a replay log that is never trimmed or released
 * (300 frames, then 1 200). {@link Dropping}, the other: delivered frames are dropped without {@code release()}, so
 * their regions stay marked used in the pool's chunks while nothing references them.
 */
public final class TopicBroker {
    static final int FRAME = 16 * 1024;

    static final PooledByteBufAllocator FRAMES = new PooledByteBufAllocator(true);
    static final int LOOPS = 3;
    static final int IN_FLIGHT_PER_LOOP = 300;
    static final ExecutorService LOOPS_GROUP = Executors.newFixedThreadPool(LOOPS, new DefaultThreadFactory("broker-loop", true));

    private TopicBroker() {
    }

    /**
     * Publishes a round's messages, 300 in flight at once on each busy loop (one loop, then all three), then hands
     * each to {@code delivered} on the loop that staged it.
     */
    static void publish(int round, Consumer<ByteBuf> delivered) throws Exception {
        List<Future<?>> loops = new ArrayList<>();
        for (int loop = 0; loop < (round == 1 ? 1 : LOOPS); loop++) {
            int id = loop;
            loops.add(LOOPS_GROUP.submit(() -> {
                List<ByteBuf> pending = new ArrayList<>(IN_FLIGHT_PER_LOOP);
                for (int i = 0; i < IN_FLIGHT_PER_LOOP; i++) {
                    ByteBuf frame = FRAMES.directBuffer(FRAME, FRAME);
                    frame.writeLong((long) round << 40 | (long) id << 20 | i).writerIndex(FRAME); // touched, as a frame is
                    pending.add(frame);
                }
                pending.forEach(delivered);
                return null;
            }));
        }
        for (Future<?> f : loops) {
            f.get();
        }
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> publish(round, ByteBuf::release));
    }

    /** Leak twin: every delivered frame kept in a replay log, never released. */
    public static final class Hoarding {
        static final List<ByteBuf> REPLAY_LOG = Collections.synchronizedList(new ArrayList<>());

        private Hoarding() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> publish(round, REPLAY_LOG::add));
        }
    }

    /** Leak twin: delivered frames dropped without release(); their regions stay used in the pool's chunks. */
    public static final class Dropping {
        private Dropping() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> publish(round, frame -> { }));
        }
    }
}
