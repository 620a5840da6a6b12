package dev.brink.load.tcp;

import dev.brink.load.engine.ErrorKind;

/**
 * What a session expects back for each packet: how responses are framed, how to undo their escaping, and
 * the checks a frame must pass. A check that fails is an error of the request ({@code check-failed},
 * {@code echo-mismatch}); the connection stays usable, as a device's would.
 */
public final class Response {
    final Framing framing;
    private final Escape unescape; // null: frames are checked as received
    private final int unescapeFirst;
    private final int unescapeLast;
    private final Check[] checks;

    Response(Framing framing, Escape unescape, int unescapeFirst, int unescapeLast, Check[] checks) {
        this.framing = framing;
        this.unescape = unescape;
        this.unescapeFirst = unescapeFirst;
        this.unescapeLast = unescapeLast;
        this.checks = checks;
    }

    public boolean expected() {
        return !(framing instanceof Framing.None);
    }

    /** Checks {@code b[0, len)} (unescaped in place first); null when it passes, else why not. */
    ErrorKind verify(byte[] b, int len, Session s) {
        int end = len;
        if (unescape != null && len - unescapeLast > unescapeFirst) {
            int to = unescape.undo(b, unescapeFirst, len - unescapeLast);
            System.arraycopy(b, len - unescapeLast, b, to, unescapeLast);
            end = to + unescapeLast;
        }
        for (Check c : checks) {
            ErrorKind k = c.verify(b, end, s);
            if (k != null) return k;
        }
        return null;
    }

    /**
     * A frame this response accepts, for a responder that stands in for the device server: the framing's smallest
     * frame that holds every check, with the checks' constant values written in (an echo check's value is the
     * session's, which a responder does not know: it is left 0 and that check fails there).
     */
    public byte[] sampleFrame() {
        int need = 1;
        for (Check c : checks) need = Math.max(need, c.offset + c.size);
        byte[] f;
        if (framing instanceof Framing.Fixed fx) {
            f = new byte[fx.length];
            fill(f, f.length);
        } else if (framing instanceof Framing.Delimiter d) {
            byte[] body = new byte[need];
            fill(body, need);
            boolean flag = body[0] == d.delimiter; // a start flag: the frame runs to the next delimiter, not empty
            f = java.util.Arrays.copyOf(body, Math.max(need, flag ? 2 : 1) + 1);
            for (int i = flag ? 1 : 0; i < f.length - 1; i++) if (f[i] == d.delimiter) f[i] = (byte) (d.delimiter == 0 ? 1 : 0);
            f[f.length - 1] = d.delimiter;
        } else if (framing instanceof Framing.LengthField l) {
            int header = l.offset + l.size;
            long value = -1;
            int length = Math.max(need, header);
            for (; length <= l.max; length++) {
                value = length - l.adjust - (l.countsHeader ? 0 : header);
                if (value >= 0 && (l.size == 8 || value < 1L << (8 * l.size))) break;
            }
            if (length > l.max) return new byte[0];
            f = new byte[length];
            fill(f, f.length);
            Field.putInt(f, l.offset, l.size, l.littleEndian, value);
        } else {
            return new byte[0];
        }
        return f;
    }

    private void fill(byte[] f, int end) {
        for (Check c : checks) {
            if (c.slot < 0 && c.offset + c.size <= end) Field.putInt(f, c.offset, c.size, c.littleEndian, c.expected);
        }
    }

    /** One check on a response frame. */
    static final class Check {
        private final int offset;
        private final int size;
        private final boolean littleEndian;
        private final long expected;
        private final int slot; // >= 0: the expected value is this variable's value at the request (an echo)

        Check(int offset, int size, boolean littleEndian, long expected, int slot) {
            this.offset = offset;
            this.size = size;
            this.littleEndian = littleEndian;
            this.expected = expected;
            this.slot = slot;
        }

        ErrorKind verify(byte[] b, int len, Session s) {
            if (offset + size > len) return slot >= 0 ? ErrorKind.ECHO_MISMATCH : ErrorKind.CHECK_FAILED;
            long got = Field.getInt(b, offset, size, littleEndian);
            long mask = size == 8 ? -1L : (1L << (8 * size)) - 1;
            long want = (slot >= 0 ? Math.round(s.values[slot]) : expected) & mask;
            if (got == want) return null;
            return slot >= 0 ? ErrorKind.ECHO_MISMATCH : ErrorKind.CHECK_FAILED;
        }
    }
}
