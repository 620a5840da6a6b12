package dev.brink.heap.scenario;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * A frame relay that gives each session a 64 KiB direct buffer for its frames, and keeps its sessions in a map that
 * closing a session never removes from: 250 sessions after the first round, 500 after the second. The heap grows by
 * a few tens of KiB between the dumps (a session, its buffer object, the buffer's Cleaner: about 200 bytes each); the
 * process by 16 MiB of native memory that ByteBuffer.allocateDirect took outside the heap. Each session also keeps a
 * duplicate of its buffer (the payload view), which shares the memory and must not count twice.
 *
 * <p>{@link Pooled}, its twin: 128 direct buffers of 64 KiB allocated at start (8 MiB), borrowed by each session and
 * returned when it closes; closed sessions leave the map. It holds the same native memory at both dumps.
 */
public final class FrameRelay {
    static final int FRAME = 64 * 1024;
    static final int SESSIONS_PER_ROUND = 250;
    static final Map<Long, Session> SESSIONS = new HashMap<>();

    static final class Session {
        final long id;
        final ByteBuffer frame;
        final ByteBuffer payload;
        boolean closed;

        Session(long id, ByteBuffer frame) {
            this.id = id;
            this.frame = frame;
            this.payload = frame.duplicate();
        }

        void relay() {
            frame.clear();
            for (int i = 0; i < 16; i++) {
                frame.putLong(id * 31 + i); // touched: resident memory, as a relay's frames are
            }
            payload.position(0).limit(frame.position());
        }
    }

    private FrameRelay() {
    }

    static void serve(int round) {
        for (int i = 0; i < SESSIONS_PER_ROUND; i++) {
            long id = (long) round * 1_000_000 + i;
            Session s = new Session(id, ByteBuffer.allocateDirect(FRAME));
            SESSIONS.put(id, s);
            s.relay();
            s.closed = true; // closed, never removed: the leak
        }
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, FrameRelay::serve);
    }

    /** The twin: a fixed pool of direct buffers, borrowed and returned; closed sessions are removed. */
    public static final class Pooled {
        static final int POOL = 128;
        static final ArrayDeque<ByteBuffer> FREE = new ArrayDeque<>();
        static final Map<Long, Session> OPEN = new HashMap<>();

        static {
            for (int i = 0; i < POOL; i++) {
                FREE.push(ByteBuffer.allocateDirect(FRAME));
            }
        }

        private Pooled() {
        }

        static void serve(int round) {
            for (int i = 0; i < SESSIONS_PER_ROUND * 4; i++) {
                long id = (long) round * 1_000_000 + i;
                Session s = new Session(id, FREE.pop());
                OPEN.put(id, s);
                s.relay();
                OPEN.remove(id);
                FREE.push(s.frame);
            }
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, Pooled::serve);
        }
    }
}
