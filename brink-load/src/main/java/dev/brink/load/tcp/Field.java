package dev.brink.load.tcp;

/**
 * One field of a packet template, compiled: a fixed size and a writer that puts the field's bytes at an
 * offset of the packet's scratch array from the session's state. Every packet's layout is fixed (strings have
 * a declared length), so offsets, length fields and checksum ranges are resolved once, when the plan is read.
 */
abstract sealed class Field {
    final int size;

    Field(int size) {
        this.size = size;
    }

    abstract void write(byte[] b, int off, Session s);

    /** Bytes given in the plan as hex. */
    static final class Constant extends Field {
        private final byte[] bytes;

        Constant(byte[] bytes) {
            super(bytes.length);
            this.bytes = bytes;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            System.arraycopy(bytes, 0, b, off, bytes.length);
        }
    }

    /** N bytes all equal to one value: padding, reserved areas, a payload of a given size. */
    static final class Fill extends Field {
        private final byte value;

        Fill(int size, byte value) {
            super(size);
            this.value = value;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            for (int i = 0; i < size; i++) b[off + i] = value;
        }
    }

    /**
     * A number written in {@code size} bytes in one byte order: a constant, or a variable × scale. The subclasses say how
     * a value becomes its bits (an integer rounded, an IEEE 754 float).
     */
    abstract static sealed class Scaled extends Field permits Int, Real {
        private final boolean littleEndian;
        private final int slot; // -1: constant
        private final double scale;

        Scaled(int size, boolean littleEndian, int slot, double scale) {
            super(size);
            this.littleEndian = littleEndian;
            this.slot = slot;
            this.scale = scale;
        }

        @Override
        final void write(byte[] b, int off, Session s) {
            putInt(b, off, size, littleEndian, slot < 0 ? constantBits() : bits(s.values[slot] * scale));
        }

        /** The constant's bits. */
        abstract long constantBits();

        /** A variable's value × scale as bits. */
        abstract long bits(double v);
    }

    /** An integer of 1, 2, 4 or 8 bytes: a constant (exact, u64 included), or a variable × scale rounded. */
    static final class Int extends Scaled {
        private final long constant;

        Int(int size, boolean littleEndian, int slot, long constant, double scale) {
            super(size, littleEndian, slot, scale);
            this.constant = constant;
        }

        @Override
        long constantBits() {
            return constant;
        }

        @Override
        long bits(double v) {
            return Math.round(v);
        }
    }

    /**
     * An IEEE 754 binary32 or binary64 ({@code float32}, {@code float64}): a constant, or a variable × scale in the
     * variable's own units. Telemetry and industrial protocols (Modbus registers, MAVLink, CAN payloads) carry latitudes,
     * temperatures and speeds as floats, so a walk of 31.0..31.5 is sent as those degrees, not as an integer of
     * millionths; float32 rounds to nearest as the device's own float conversion does.
     */
    static final class Real extends Scaled {
        private final double constant;

        Real(int size, boolean littleEndian, int slot, double constant, double scale) {
            super(size, littleEndian, slot, scale);
            if (size != 4 && size != 8) throw new IllegalArgumentException("a float is 4 or 8 bytes");
            this.constant = constant;
        }

        @Override
        long constantBits() {
            return bits(constant);
        }

        @Override
        long bits(double v) {
            return size == 4 ? Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL : Double.doubleToRawLongBits(v);
        }
    }

    /** Packed BCD, two digits a byte, right-aligned and zero-padded: of a variable's integer value or a CSV text. */
    static final class Bcd extends Field {
        private final int slot;
        private final long constant;
        private final Variable.Csv csv; // null: numeric

        Bcd(int size, int slot, long constant, Variable.Csv csv) {
            super(size);
            this.slot = slot;
            this.constant = constant;
            this.csv = csv;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            byte[] text = csv == null ? null : csv.bytes(s);
            if (text != null) {
                // digits from the right; a character that is not a digit is written as 0
                int d = 0;
                for (int i = off + size - 1; i >= off; i--) {
                    int lo = digit(text, text.length - 1 - 2 * d);
                    int hi = digit(text, text.length - 2 - 2 * d);
                    b[i] = (byte) (hi << 4 | lo);
                    d++;
                }
                return;
            }
            long v = slot < 0 ? constant : Math.abs(Math.round(s.values[slot]));
            for (int i = off + size - 1; i >= off; i--) {
                int lo = (int) (v % 10);
                v /= 10;
                int hi = (int) (v % 10);
                v /= 10;
                b[i] = (byte) (hi << 4 | lo);
            }
        }

        private static int digit(byte[] t, int i) {
            if (i < 0) return 0;
            int c = t[i] - '0';
            return c >= 0 && c <= 9 ? c : 0;
        }
    }

    /**
     * A clock variable as 6 bytes of BCD YYMMDDhhmmss (JT/T 808's time), in UTC + {@code offsetSeconds}. Civil
     * date from days since the epoch by Howard Hinnant's algorithm: arithmetic only, no Calendar or java.time
     * objects per packet.
     */
    static final class BcdTime extends Field {
        private final int slot;
        private final long offsetSeconds;

        BcdTime(int slot, long offsetSeconds) {
            super(6);
            this.slot = slot;
            this.offsetSeconds = offsetSeconds;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            long t = (long) Math.floor(s.values[slot]) + offsetSeconds;
            long days = Math.floorDiv(t, 86400);
            long sec = Math.floorMod(t, 86400);
            long z = days + 719468;
            long era = Math.floorDiv(z, 146097);
            long doe = z - era * 146097;
            long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
            long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            long mp = (5 * doy + 2) / 153;
            long day = doy - (153 * mp + 2) / 5 + 1;
            long month = mp < 10 ? mp + 3 : mp - 9;
            long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
            b[off] = bcd2(year % 100);
            b[off + 1] = bcd2(month);
            b[off + 2] = bcd2(day);
            b[off + 3] = bcd2(sec / 3600);
            b[off + 4] = bcd2(sec / 60 % 60);
            b[off + 5] = bcd2(sec % 60);
        }

        private static byte bcd2(long v) {
            return (byte) ((v / 10) << 4 | (v % 10));
        }
    }

    /** ASCII text of a declared length: a constant or a CSV column, padded with {@code pad}, cut at the length. */
    static final class Ascii extends Field {
        private final byte[] constant;
        private final Variable.Csv csv;
        private final byte pad;

        Ascii(int size, byte[] constant, Variable.Csv csv, byte pad) {
            super(size);
            this.constant = constant;
            this.csv = csv;
            this.pad = pad;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            byte[] text = csv == null ? constant : csv.bytes(s);
            int n = text == null ? 0 : Math.min(size, text.length);
            if (n > 0) System.arraycopy(text, 0, b, off, n);
            for (int i = n; i < size; i++) b[off + i] = pad;
        }
    }

    /** The number of bytes in a range of the packet (before escaping), + adjust: known once the layout is. */
    static final class Length extends Field {
        private final boolean littleEndian;
        final long value;

        Length(int size, boolean littleEndian, long value) {
            super(size);
            this.littleEndian = littleEndian;
            this.value = value;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            putInt(b, off, size, littleEndian, value);
        }
    }

    /** A checksum over a range of the packet, written after every other field (see {@link Packet}). */
    static final class Check extends Field {
        final Checksum algorithm;
        final int from;
        final int to;
        private final boolean littleEndian;

        Check(Checksum algorithm, int from, int to, boolean littleEndian) {
            super(algorithm.size);
            this.algorithm = algorithm;
            this.from = from;
            this.to = to;
            this.littleEndian = littleEndian;
        }

        @Override
        void write(byte[] b, int off, Session s) {
            putInt(b, off, size, littleEndian, algorithm.compute(b, from, to));
        }
    }

    static void putInt(byte[] b, int off, int size, boolean littleEndian, long v) {
        for (int i = 0; i < size; i++) {
            int shift = 8 * (littleEndian ? i : size - 1 - i);
            b[off + i] = (byte) (v >>> shift);
        }
    }

    static long getInt(byte[] b, int off, int size, boolean littleEndian) {
        long v = 0;
        for (int i = 0; i < size; i++) {
            int shift = 8 * (littleEndian ? i : size - 1 - i);
            v |= (b[off + i] & 0xFFL) << shift;
        }
        return v;
    }
}
