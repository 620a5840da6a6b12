package dev.brink.heap.scenario;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A healthy packet gateway: its biggest structure is a pool of 24 network buffers of 256 KiB, allocated at start
 * (about half of the heap), borrowed and returned by every packet. Sessions come and go: at most 1 500 are open,
 * the oldest closed first. Nothing grows.
 */
public final class PacketGateway {
    static final BufferPool POOL = new BufferPool(24, 256 * 1024);
    static final Map<Long, Session> SESSIONS = new ConcurrentHashMap<>();
    static long nextSession;

    record Session(long id, String peer, byte[] key) {
    }

    static final class BufferPool {
        private final BlockingQueue<ByteBuffer> free;

        BufferPool(int buffers, int size) {
            free = new ArrayBlockingQueue<>(buffers);
            for (int i = 0; i < buffers; i++) {
                free.add(ByteBuffer.allocate(size));
            }
        }

        ByteBuffer borrow() throws InterruptedException {
            return free.take();
        }

        void release(ByteBuffer b) {
            b.clear();
            free.add(b);
        }
    }

    static void packet(int n) throws InterruptedException {
        if (n % 4 == 0) {
            long id = nextSession++;
            SESSIONS.put(id, new Session(id, "10.0." + (id % 250) + "." + (id % 199), new byte[512]));
            SESSIONS.remove(id - 1_500);
        }
        ByteBuffer b = POOL.borrow();
        b.putInt(n).putLong(System.nanoTime());
        POOL.release(b);
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> {
            for (int i = 0; i < 20_000; i++) {
                packet(i);
            }
        });
    }
}
