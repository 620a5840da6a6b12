package dev.brink.load.tcp;

/**
 * Byte stuffing of a packet's inner range, as JT/T 808 and many telematics protocols do so that the flag byte
 * (0x7E) never appears between the flags: each byte of the range with a replacement is written as its
 * replacement (0x7E → 7D 02, 0x7D → 7D 01). Applied after checksums, to the wire copy only.
 */
final class Escape {
    private final byte[][] replacement = new byte[256][]; // null: the byte as it is
    final int from;
    final int to;
    final int longest;
    private final byte[] undoKeys; // the bytes that have a multi-byte replacement, for undo
    private final byte[][] undoReps;

    Escape(int from, int to, byte[][] table) {
        this.from = from;
        this.to = to;
        int l = 1;
        for (int i = 0; i < 256; i++) {
            replacement[i] = table[i];
            if (table[i] != null) l = Math.max(l, table[i].length);
        }
        this.longest = l;
        int n = 0;
        for (byte[] r : table) if (r != null && r.length > 1) n++;
        undoKeys = new byte[n];
        undoReps = new byte[n][];
        n = 0;
        for (int i = 0; i < 256; i++) {
            if (table[i] != null && table[i].length > 1) {
                undoKeys[n] = (byte) i;
                undoReps[n++] = table[i];
            }
        }
    }

    /** Writes {@code in[0, size)} into {@code out} with the range stuffed; returns the wire length. */
    int apply(byte[] in, int size, byte[] out) {
        System.arraycopy(in, 0, out, 0, from);
        int o = from;
        for (int i = from; i < to; i++) {
            byte[] r = replacement[in[i] & 0xFF];
            if (r == null) {
                out[o++] = in[i];
            } else {
                for (byte x : r) out[o++] = x;
            }
        }
        System.arraycopy(in, to, out, o, size - to);
        return o + size - to;
    }

    /**
     * The reverse, in place on {@code b[from, to)} of a received frame: returns the new end. A sequence that is
     * the replacement of a byte becomes that byte again; anything else stays.
     */
    int undo(byte[] b, int from, int to) {
        int o = from;
        int i = from;
        outer:
        while (i < to) {
            for (int k = 0; k < undoKeys.length; k++) {
                byte[] r = undoReps[k];
                if (matches(b, i, to, r)) {
                    b[o++] = undoKeys[k];
                    i += r.length;
                    continue outer;
                }
            }
            b[o++] = b[i++];
        }
        return o;
    }

    private static boolean matches(byte[] b, int i, int to, byte[] r) {
        if (i + r.length > to) return false;
        for (int k = 0; k < r.length; k++) if (b[i + k] != r[k]) return false;
        return true;
    }
}
