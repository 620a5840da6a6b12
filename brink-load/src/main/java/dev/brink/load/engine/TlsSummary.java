package dev.brink.load.engine;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.event.TlsEvent;
import dev.brink.core.line.Percentiles;

/**
 * The TLS handshakes of one step (the {@code tls} line of events.jsonl, the one-line commands' {@code tls} row): the
 * handshake's own time, apart from the requests' latency (as k6's {@code tls_handshaking}), and how many handshakes
 * resumed an earlier session (an abbreviated handshake, no certificate sent: what a per-call policy lives on).
 *
 * @param engine       {@code OpenSSL} (BoringSSL through netty-tcnative) or {@code JDK} (the JVM's SSLEngine)
 * @param protocol     the last handshake's protocol version ({@code TLSv1.3}), empty before any
 * @param cipher       the last handshake's cipher suite
 * @param alpn         what ALPN chose ({@code h2}, {@code http/1.1}), empty when the server chose nothing
 * @param handshakes   handshakes completed in the step
 * @param resumed      of those, the ones that resumed a session
 * @param failed       handshakes that failed in the step (each a {@code tls-handshake} error)
 * @param handshakeMs  from the TCP connection's establishment to the handshake's end
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TlsSummary(String engine, String protocol, String cipher, String alpn, long handshakes, long resumed,
                         long failed, Percentiles handshakeMs) {
    public TlsSummary {
        if (handshakes < 0 || resumed < 0 || resumed > handshakes || failed < 0) {
            throw new IllegalArgumentException("0 <= resumed <= handshakes, failed >= 0");
        }
    }

    /** The events.jsonl line of {@code step}'s handshakes. */
    public TlsEvent event(String step) {
        return new TlsEvent(step, engine, protocol, cipher, alpn, handshakes, resumed, failed, handshakeMs);
    }
}
