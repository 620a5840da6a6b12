package dev.brink.sample.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The telemetry sample over a real socket, packets encoded here by hand from the documented format. */
class TelemetryServerTest {
    private static final long T0 = 1_700_000_000L; // 2023-11-14 22:13:20 UTC

    @Test
    void acksGoodSessionsAndCountsEveryBrokenRule() throws Exception {
        try (TelemetryServer server = new TelemetryServer("127.0.0.1", 0, 0, false);
             Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5000);
            assertThat(send(s, login(42, 1, T0))).isEqualTo(0);
            assertThat(send(s, data(42, 2, T0 + 1, 1000))).isEqualTo(0);
            assertThat(send(s, data(42, 3, T0 + 2, 1005))).isEqualTo(0);
            assertThat(send(s, data(42, 3, T0 + 3, 1006))).as("sequence repeated").isEqualTo(1);
            assertThat(send(s, data(42, 5, T0 + 4, 1001))).as("mileage went back").isEqualTo(1);
            byte[] bad = data(42, 6, T0 + 5, 1010);
            bad[bad.length - 2] ^= 0x01; // the checksum (never 7D/7E here: see the assertion below)
            assertThat(send(s, bad)).isEqualTo(2);
            assertThat(send(s, logout(42, 7, T0 + 6))).isEqualTo(0);
            assertThat(send(s, data(42, 8, T0 + 7, 1020))).as("data after logout").isEqualTo(1);

            String stats = stats(server);
            assertThat(stats).contains("\"logins\":1", "\"data\":5", "\"logouts\":1", "\"bad_packets\":1",
                    "\"violations\":3", "\"seq-not-increasing\":1", "\"mileage-decreased\":1", "\"not-logged-in\":1",
                    "\"devices\":0");
        }
    }

    @Test
    void theLeakDefectKeepsEveryDeviceAfterItsLogout() throws Exception {
        for (boolean leak : new boolean[] {false, true}) {
            try (TelemetryServer server = new TelemetryServer("127.0.0.1", 0, 0, leak);
                 Socket s = new Socket("127.0.0.1", server.port())) {
                s.setSoTimeout(5000);
                for (long device = 1; device <= 5; device++) {
                    assertThat(send(s, login(device, 1, T0))).isZero();
                    assertThat(send(s, data(device, 2, T0 + 1, 10))).isZero();
                    assertThat(send(s, logout(device, 3, T0 + 2))).isZero();
                }
                assertThat(stats(server)).contains("\"violations\":0", leak ? "\"devices\":5" : "\"devices\":0");
            }
        }
    }

    private static String stats(TelemetryServer server) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.statsPort() + "/stats")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Writes one frame and reads the ack; returns its result code after checking it echoes the sequence. */
    private static int send(Socket s, byte[] frame) throws Exception {
        OutputStream out = s.getOutputStream();
        out.write(frame);
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream ack = new ByteArrayOutputStream();
        int b = in.read();
        assertThat(b).isEqualTo(0x7E);
        while ((b = in.read()) != 0x7E) {
            assertThat(b).isNotNegative();
            ack.write(b);
        }
        byte[] a = TelemetryProtocol.unescape(ack.toByteArray(), ack.size());
        int seq = TelemetryProtocol.u16(frameBody(frame), 10);
        assertThat(TelemetryProtocol.u16(a, 0)).isEqualTo(0x8001);
        if (a[16] != 2) assertThat(TelemetryProtocol.u16(a, 12)).isEqualTo(seq);
        return a[16];
    }

    private static byte[] frameBody(byte[] frame) {
        byte[] inner = java.util.Arrays.copyOfRange(frame, 1, frame.length - 1);
        return TelemetryProtocol.unescape(inner, inner.length);
    }

    static byte[] login(long device, int seq, long time) {
        byte[] body = new byte[12];
        putU32(body, 0, time);
        System.arraycopy("TESTTERM".getBytes(), 0, body, 4, 8);
        return frame(0x0100, device, seq, body);
    }

    static byte[] data(long device, int seq, long time, long mileage) {
        byte[] body = new byte[22];
        bcdTime(body, 0, time);
        putU32(body, 6, 31_230_000);
        putU32(body, 10, 121_470_000);
        body[14] = 0x01; // 25.6 km/h
        putU32(body, 16, mileage);
        body[21] = 100;
        return frame(0x0200, device, seq, body);
    }

    static byte[] logout(long device, int seq, long time) {
        byte[] body = new byte[6];
        bcdTime(body, 0, time);
        return frame(0x0003, device, seq, body);
    }

    private static byte[] frame(int id, long device, int seq, byte[] body) {
        byte[] p = new byte[12 + body.length + 1];
        p[0] = (byte) (id >> 8);
        p[1] = (byte) id;
        p[2] = (byte) (body.length >> 8);
        p[3] = (byte) body.length;
        long d = device;
        for (int i = 9; i >= 4; i--) {
            p[i] = (byte) ((d / 10 % 10) << 4 | d % 10);
            d /= 100;
        }
        p[10] = (byte) (seq >> 8);
        p[11] = (byte) seq;
        System.arraycopy(body, 0, p, 12, body.length);
        int x = 0;
        for (int i = 0; i < p.length - 1; i++) x ^= p[i];
        p[p.length - 1] = (byte) x;
        assertThat(p[p.length - 1]).isNotIn((byte) 0x7E, (byte) 0x7D, (byte) 0x7F, (byte) 0x7C);
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(0x7E);
        for (byte b : p) {
            if (b == 0x7E) o.writeBytes(new byte[] {0x7D, 0x02});
            else if (b == 0x7D) o.writeBytes(new byte[] {0x7D, 0x01});
            else o.write(b);
        }
        o.write(0x7E);
        return o.toByteArray();
    }

    private static void putU32(byte[] b, int off, long v) {
        for (int i = 0; i < 4; i++) b[off + i] = (byte) (v >>> (24 - 8 * i));
    }

    private static void bcdTime(byte[] b, int off, long epoch) {
        java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(epoch, 0, java.time.ZoneOffset.UTC);
        int[] v = {t.getYear() % 100, t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()};
        for (int i = 0; i < 6; i++) b[off + i] = (byte) (v[i] / 10 << 4 | v[i] % 10);
    }
}
