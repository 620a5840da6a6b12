package dev.brink.sample.telemetry;

/**
 * The telemetry sample's wire format, a small JT/T 808-style protocol (DESIGN.md, "Telemetry sample").
 *
 * <pre>
 * frame   = 7E packet 7E, where inside the flags 7E is sent as 7D 02 and 7D as 7D 01
 * packet  = id:u16 length:u16 device:BCD[6] seq:u16 body[length] xor:u8   (big-endian; xor of id..body)
 * login   id 0x0100  body = time:u32 (epoch s) client:ASCII[8]
 * data    id 0x0200  body = time:BCD[6] YYMMDDhhmmss, lat:u32 (1e-6 deg), lon:u32 (1e-6 deg), speed:u16 (0.1 km/h),
 *                           mileage:u32 (0.1 km), fuel:u16 (0.1 l)
 * logout  id 0x0003  body = time:BCD[6]
 * ack     id 0x8001  body = ack_seq:u16 ack_id:u16 result:u8, seq 0, device echoed
 * </pre>
 * Result codes: 0 ok, 1 a session rule broken, 2 bad checksum or length, 3 unknown message id.
 */
final class TelemetryProtocol {
    static final int LOGIN = 0x0100;
    static final int DATA = 0x0200;
    static final int LOGOUT = 0x0003;
    static final int ACK = 0x8001;
    static final int HEADER = 12;
    static final byte FLAG = 0x7E;
    static final byte ESC = 0x7D;

    static final int OK = 0;
    static final int RULE_BROKEN = 1;
    static final int BAD_PACKET = 2;
    static final int UNKNOWN_ID = 3;

    private TelemetryProtocol() {
    }

    static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | (b[off + 1] & 0xFF);
    }

    static long u32(byte[] b, int off) {
        return (long) u16(b, off) << 16 | u16(b, off + 2);
    }

    /** 12 BCD digits as a number (the device id). */
    static long bcd(byte[] b, int off, int len) {
        long v = 0;
        for (int i = off; i < off + len; i++) v = v * 100 + ((b[i] >> 4) & 0xF) * 10 + (b[i] & 0xF);
        return v;
    }

    /** YYMMDDhhmmss (20YY, UTC) → epoch seconds; -1 when a digit or a field is out of range. */
    static long bcdTime(byte[] b, int off) {
        int[] v = new int[6];
        for (int i = 0; i < 6; i++) {
            int hi = (b[off + i] >> 4) & 0xF;
            int lo = b[off + i] & 0xF;
            if (hi > 9 || lo > 9) return -1;
            v[i] = hi * 10 + lo;
        }
        if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 59) return -1;
        try {
            return java.time.LocalDateTime.of(2000 + v[0], v[1], v[2], v[3], v[4], v[5]).toEpochSecond(java.time.ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            return -1;
        }
    }

    /** The escaped bytes between two flags → the packet; null when an escape is malformed. */
    static byte[] unescape(byte[] in, int len) {
        byte[] out = new byte[len];
        int o = 0;
        for (int i = 0; i < len; i++) {
            if (in[i] == ESC) {
                if (i + 1 >= len) return null;
                byte n = in[++i];
                if (n == 0x02) out[o++] = FLAG;
                else if (n == 0x01) out[o++] = ESC;
                else return null;
            } else {
                out[o++] = in[i];
            }
        }
        return java.util.Arrays.copyOf(out, o);
    }

    /** The framed, escaped ack of message {@code id}/{@code seq} from {@code device} (BCD bytes). */
    static byte[] ack(byte[] device, int seq, int id, int result) {
        byte[] p = new byte[HEADER + 5 + 1];
        p[0] = (byte) (ACK >> 8);
        p[1] = (byte) ACK;
        p[3] = 5;
        if (device != null) System.arraycopy(device, 0, p, 4, 6);
        p[12] = (byte) (seq >> 8);
        p[13] = (byte) seq;
        p[14] = (byte) (id >> 8);
        p[15] = (byte) id;
        p[16] = (byte) result;
        int x = 0;
        for (int i = 0; i < p.length - 1; i++) x ^= p[i];
        p[p.length - 1] = (byte) x;
        byte[] out = new byte[2 * p.length + 2];
        int o = 0;
        out[o++] = FLAG;
        for (byte b : p) {
            if (b == FLAG || b == ESC) {
                out[o++] = ESC;
                out[o++] = (byte) (b == FLAG ? 0x02 : 0x01);
            } else {
                out[o++] = b;
            }
        }
        out[o++] = FLAG;
        return java.util.Arrays.copyOf(out, o);
    }
}
