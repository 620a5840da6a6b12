package dev.brink.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Child JVM for HeapCommandTest: a relay that copies each message into an 8 KiB direct buffer from Netty's pooled
 * allocator on its worker threads (Netty's FastThreadLocalThreads, each with a cache of the regions it freed), and
 * releases every buffer once forwarded. The first burst runs on one worker, 400 buffers in flight; the second on
 * four, 400 each. The pool keeps the larger burst's capacity for the next one: its native memory grows between the
 * two dumps (args: the earlier dump, the later dump) while nothing leaks.
 */
public final class PooledRelayChild {
    static final PooledByteBufAllocator RELAY_BUFFERS = new PooledByteBufAllocator(true);
    static final int WORKERS = 4;
    static final int IN_FLIGHT = 400;
    static final int MESSAGE = 8 * 1024;

    private PooledRelayChild() {
    }

    public static void main(String[] args) throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS, new DefaultThreadFactory("relay-worker", true));
        burst(workers, 1);
        dump(args[0]);
        burst(workers, WORKERS);
        dump(args[1]);
        workers.shutdown();
    }

    private static void burst(ExecutorService workers, int busy) throws Exception {
        List<Future<?>> running = new ArrayList<>();
        for (int w = 0; w < busy; w++) {
            running.add(workers.submit(() -> {
                List<ByteBuf> inFlight = new ArrayList<>(IN_FLIGHT);
                for (int i = 0; i < IN_FLIGHT; i++) {
                    ByteBuf b = RELAY_BUFFERS.directBuffer(MESSAGE, MESSAGE);
                    inFlight.add(b.writeInt(i).writerIndex(MESSAGE));
                }
                inFlight.forEach(ByteBuf::release);
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
    }

    private static void dump(String file) throws Exception {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file, true);
    }
}
