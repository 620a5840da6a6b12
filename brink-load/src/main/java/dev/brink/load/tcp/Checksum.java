package dev.brink.load.tcp;

import java.util.Locale;

/**
 * The checksums telematics protocols put at the end of a packet, each over a byte range of the packet before
 * escaping. Table-driven where a table helps, so computing one allocates nothing (java.util.zip.CRC32 would
 * be an object per packet or a shared mutable one).
 */
public enum Checksum {
    /** XOR of every byte (JT/T 808's check code). */
    XOR("xor", 1),
    /** Sum of every byte modulo 256. */
    SUM8("sum8", 1),
    /** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; written big-endian. */
    CRC16_CCITT("crc16-ccitt", 2),
    /** CRC-32 as zip and Ethernet compute it (reflected 0x04C11DB7, init and final XOR 0xFFFFFFFF); written big-endian. */
    CRC32("crc32", 4);

    private static final int[] CRC16_TABLE = new int[256];
    private static final int[] CRC32_TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i << 8;
            for (int k = 0; k < 8; k++) c = (c & 0x8000) != 0 ? (c << 1) ^ 0x1021 : c << 1;
            CRC16_TABLE[i] = c & 0xFFFF;
            int r = i;
            for (int k = 0; k < 8; k++) r = (r & 1) != 0 ? (r >>> 1) ^ 0xEDB88320 : r >>> 1;
            CRC32_TABLE[i] = r;
        }
    }

    public final String label;
    /** Bytes the checksum takes in the packet. */
    public final int size;

    Checksum(String label, int size) {
        this.label = label;
        this.size = size;
    }

    /** The checksum of {@code b[from, to)}. */
    public long compute(byte[] b, int from, int to) {
        switch (this) {
            case XOR -> {
                int x = 0;
                for (int i = from; i < to; i++) x ^= b[i];
                return x & 0xFF;
            }
            case SUM8 -> {
                int s = 0;
                for (int i = from; i < to; i++) s += b[i] & 0xFF;
                return s & 0xFF;
            }
            case CRC16_CCITT -> {
                int c = 0xFFFF;
                for (int i = from; i < to; i++) c = ((c << 8) ^ CRC16_TABLE[((c >>> 8) ^ b[i]) & 0xFF]) & 0xFFFF;
                return c;
            }
            default -> {
                int c = 0xFFFFFFFF;
                for (int i = from; i < to; i++) c = (c >>> 8) ^ CRC32_TABLE[(c ^ b[i]) & 0xFF];
                return ~c & 0xFFFFFFFFL;
            }
        }
    }

    /** The checksum named {@code label} (case-insensitive), or null. */
    public static Checksum byLabel(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        for (Checksum c : values()) if (c.label.equals(l)) return c;
        return null;
    }

    public static String labels() {
        StringBuilder sb = new StringBuilder();
        for (Checksum c : values()) sb.append(sb.length() == 0 ? "" : ", ").append(c.label);
        return sb.toString();
    }
}
