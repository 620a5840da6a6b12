package dev.brink.load.http;

import dev.brink.load.engine.Counters;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.TlsSummary;
import io.netty.handler.ssl.SslHandler;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import org.HdrHistogram.Histogram;

/**
 * The handshakes of an HTTPS target since the last {@link #take}: their time (a microsecond HdrHistogram, as the
 * requests' latencies), how many resumed a session, how many failed, and what the last one agreed on. Event-loop
 * confined: written by the connections as their handshakes end, read by the engine between steps.
 */
final class TlsStats {
    /**
     * OpenSSL says whether a handshake resumed ({@code SSL_session_reused}) through a method Netty keeps package-private;
     * found once, by reflection (Netty's jars are on the class path, not named modules). Null when absent.
     */
    private static final MethodHandle OPENSSL_REUSED = reusedHandle();

    private final String engine;
    private final Histogram handshake = Counters.newHistogram();
    private long handshakes;
    private long resumed;
    private long failed;
    private String protocol = "";
    private String cipher = "";
    private String alpn = "";

    TlsStats(String engine) {
        this.engine = engine;
    }

    /** A handshake that ended well {@code nanos} after its TCP connection was established. */
    void handshakeDone(SslHandler ssl, long nanos, long startedAtMillis) {
        handshakes++;
        handshake.recordValue(Math.max(1, Math.min(nanos / 1000, Counters.MAX_MICROS)));
        SSLEngine e = ssl.engine();
        SSLSession s = e.getSession();
        if (resumed(e, s, startedAtMillis)) resumed++;
        protocol = s.getProtocol();
        cipher = s.getCipherSuite();
        String a = ssl.applicationProtocol();
        alpn = a == null ? "" : a;
    }

    void handshakeFailed() {
        failed++;
    }

    /**
     * True when the handshake resumed a session. OpenSSL answers directly. The JDK has no such call: a resumed
     * session keeps the creation time of the handshake that first made it (TLS 1.2 by session id, TLS 1.3 by a PSK
     * ticket: the JDK's resumed SSLSessionImpl copies it), so a session created before this connection's handshake
     * began was resumed. Millisecond clocks: a session made in the same millisecond counts as new.
     */
    private static boolean resumed(SSLEngine e, SSLSession s, long startedAtMillis) {
        if (OPENSSL_REUSED != null && OPENSSL_REUSED.type().parameterType(0).isInstance(e)) {
            try {
                return (boolean) OPENSSL_REUSED.invoke(e);
            } catch (Throwable t) {
                return false;
            }
        }
        return s.getCreationTime() < startedAtMillis;
    }

    private static MethodHandle reusedHandle() {
        try {
            Class<?> c = Class.forName("io.netty.handler.ssl.ReferenceCountedOpenSslEngine");
            var m = c.getDeclaredMethod("isSessionReused");
            m.setAccessible(true);
            return MethodHandles.lookup().unreflect(m).asType(MethodType.methodType(boolean.class, c));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The handshakes since the last call, then forgets them (the last protocol, cipher and ALPN stay). */
    TlsSummary take() {
        TlsSummary s = new TlsSummary(engine, protocol, cipher, alpn, handshakes, resumed, failed, Percentiles.of(handshake));
        handshake.reset();
        handshakes = resumed = failed = 0;
        return s;
    }
}
