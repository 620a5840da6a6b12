package dev.brink.heap.scenario;

import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * A tracing collector on Netty 4.2's default allocator, the adaptive one ({@code ByteBufAllocator.DEFAULT} is an
 * {@code AdaptiveByteBufAllocator} when {@code io.netty.allocator.type} is unset): each batch of spans arrives as a
 * 16 KiB direct frame from the default allocator, and its header is decoded into a 2 KiB heap buffer from an
 * explicit {@code new AdaptiveByteBufAllocator(false)}, on event executors (Netty's own threads, each with its
 * thread-local magazines). The first round keeps 300 batches in flight on one executor; the second keeps 300 on
 * each of three at once. Every buffer is released once the batch is stored, so the allocators keep the busier
 * round's chunks for reuse (the executors' thread-local chunk caches, the shared caches), and nothing leaks.
 *
 * <p>Compiled against the Netty 4.1 of the test classpath (whose API has these classes), run with Netty 4.2's
 * netty-buffer and netty-common alone on the child's classpath. The leak detector is off, as a production service
 * runs it, so no buffer is wrapped.
 *
 * <p>{@link Archiving}, a leak twin: every batch's frame and header are kept in an archive, never released (300
 * batches, then 1 200). {@link Dropping}, the other: frames and headers are dropped without {@code release()}.
 */
public final class SpanCollector {
    static final int FRAME = 16 * 1024;
    static final int HEADER = 2 * 1024;
    static final int EXECUTORS = 3;
    static final int IN_FLIGHT_PER_EXECUTOR = 300;

    static {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    static final ByteBufAllocator FRAMES = ByteBufAllocator.DEFAULT;
    static final AdaptiveByteBufAllocator HEADERS = new AdaptiveByteBufAllocator(false);
    static final DefaultEventExecutorGroup WORKERS = new DefaultEventExecutorGroup(EXECUTORS, new DefaultThreadFactory("span-worker", true));

    private SpanCollector() {
    }

    /** One batch: its direct frame and its heap header. */
    record Batch(ByteBuf frame, ByteBuf header) {
        void release() {
            frame.release();
            header.release();
        }
    }

    /** Receives a round's batches (one executor busy, then three), then hands each to {@code stored} where it arrived. */
    static void collect(int round, Consumer<Batch> stored) throws Exception {
        List<Future<?>> busy = new ArrayList<>();
        int id = 0;
        for (EventExecutor executor : WORKERS) {
            if (id++ == (round == 1 ? 1 : EXECUTORS)) {
                break;
            }
            int executorId = id;
            busy.add(executor.submit(() -> {
                List<Batch> inFlight = new ArrayList<>(IN_FLIGHT_PER_EXECUTOR);
                for (int i = 0; i < IN_FLIGHT_PER_EXECUTOR; i++) {
                    ByteBuf frame = FRAMES.directBuffer(FRAME, FRAME);
                    frame.writeLong((long) round << 40 | (long) executorId << 20 | i).writerIndex(FRAME);
                    ByteBuf header = HEADERS.heapBuffer(HEADER, HEADER);
                    header.writeLong(i).writerIndex(HEADER);
                    inFlight.add(new Batch(frame, header));
                }
                inFlight.forEach(stored);
                return null;
            }));
        }
        for (Future<?> f : busy) {
            f.get();
        }
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> collect(round, Batch::release));
    }

    /** Leak twin: every batch kept in an archive that is never trimmed, its buffers never released. */
    public static final class Archiving {
        static final List<Batch> ARCHIVE = Collections.synchronizedList(new ArrayList<>());

        private Archiving() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> collect(round, ARCHIVE::add));
        }
    }

    /** Leak twin: batches dropped without release(); their segments stay claimed in the allocators' chunks. */
    public static final class Dropping {
        private Dropping() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> collect(round, batch -> { }));
        }
    }
}
