package dev.brink.heap.scenario;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.PooledByteBufAllocator;
import io.grpc.netty.shaded.io.netty.util.ResourceLeakDetector;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A stream multiplexer on gRPC's shaded copy of Netty (io.grpc.netty.shaded.io.netty): each open stream gets a 32 KiB
 * receive window from the shaded pooled allocator (a normal-size run of pages, not a subpage element), on transport
 * threads that are the shaded FastThreadLocalThreads. The first round opens 200 streams at once on one transport
 * thread, the second 200 on each of four; every stream closes and releases its window, so the pool keeps the busier
 * round's runs in the threads' caches and chunks, and nothing leaks.
 *
 * <p>{@link Resetting}, its leak twin: streams reset by the peer are dropped without releasing their windows.
 */
public final class StreamMux {
    static final int WINDOW = 32 * 1024;
    static final int STREAMS_PER_THREAD = 200;
    static final int TRANSPORT_THREADS = 4;

    static {
        // as a service tuned for production runs it (TopicBroker runs the default level): no buffer is wrapped
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    static final PooledByteBufAllocator WINDOWS = new PooledByteBufAllocator(true);
    static final ExecutorService TRANSPORT = Executors.newFixedThreadPool(TRANSPORT_THREADS, new DefaultThreadFactory("mux-transport", true));

    private StreamMux() {
    }

    /** Opens a round's streams (one transport thread busy, then four), then closes them: releasing or not. */
    static void serve(int round, boolean release) throws Exception {
        Deque<Future<?>> threads = new ArrayDeque<>();
        for (int t = 0; t < (round == 1 ? 1 : TRANSPORT_THREADS); t++) {
            threads.add(TRANSPORT.submit(() -> {
                Deque<ByteBuf> open = new ArrayDeque<>();
                for (int s = 0; s < STREAMS_PER_THREAD; s++) {
                    open.push(WINDOWS.directBuffer(WINDOW, WINDOW).writeZero(WINDOW));
                }
                while (!open.isEmpty()) {
                    ByteBuf window = open.pop();
                    if (release) {
                        window.release();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : threads) {
            f.get();
        }
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> serve(round, true));
    }

    /** Leak twin: reset streams' windows dropped without release(). */
    public static final class Resetting {
        private Resetting() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> serve(round, false));
        }
    }
}
