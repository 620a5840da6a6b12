package dev.brink.load.tcp;

/**
 * A packet template compiled once: fixed offsets, writers per field, checksums resolved to byte ranges, an
 * optional escape. {@link #encode} writes the packet of a session's current state into caller-owned arrays
 * and allocates nothing: no template text is looked at per packet.
 */
public final class Packet {
    final String name;
    final int size;
    private final Field[] fields;
    private final int[] offsets;
    private final int[] checks; // indexes of Check fields, in declaration order, written after all others
    final Escape escape;

    Packet(String name, Field[] fields, int[] offsets, int size, Escape escape) {
        this.name = name;
        this.fields = fields;
        this.offsets = offsets;
        this.size = size;
        this.escape = escape;
        int n = 0;
        for (Field f : fields) if (f instanceof Field.Check) n++;
        this.checks = new int[n];
        n = 0;
        for (int i = 0; i < fields.length; i++) if (fields[i] instanceof Field.Check) checks[n++] = i;
    }

    public String name() {
        return name;
    }

    /** Bytes before escaping. */
    public int size() {
        return size;
    }

    /** The most bytes the packet can take on the wire (every escapable byte escaped). */
    public int maxWireSize() {
        return escape == null ? size : size + (escape.to - escape.from) * (escape.longest - 1);
    }

    /**
     * Writes the packet for {@code s} into {@code wire} (at least {@link #maxWireSize()} bytes), using
     * {@code scratch} (at least {@link #size()}) when it escapes; returns the wire length.
     */
    public int encode(Session s, byte[] scratch, byte[] wire) {
        byte[] b = escape == null ? wire : scratch;
        for (int i = 0; i < fields.length; i++) {
            if (!(fields[i] instanceof Field.Check)) fields[i].write(b, offsets[i], s);
        }
        for (int i : checks) fields[i].write(b, offsets[i], s);
        return escape == null ? size : escape.apply(b, size, wire);
    }
}
