package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;
import dev.brink.core.line.Percentiles;

/**
 * The {@link EventType#TLS} event: the TLS handshakes of one step of an HTTPS target, written by the load engine after
 * the step's step-end (the load engine's TlsSummary, named by its step).
 *
 * @param step        the step
 * @param engine      {@code OpenSSL} or {@code JDK}
 * @param protocol    the last handshake's protocol version ({@code TLSv1.3}), empty before any
 * @param cipher      the last handshake's cipher suite
 * @param alpn        what ALPN chose ({@code h2}, {@code http/1.1}), empty when the server chose nothing
 * @param handshakes  handshakes completed in the step
 * @param resumed     of those, the ones that resumed a session
 * @param failed      handshakes that failed
 * @param handshakeMs the handshakes' times
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TlsEvent(String step, String engine, String protocol, String cipher, String alpn, long handshakes, long resumed,
                       long failed, Percentiles handshakeMs) implements Event {
    public TlsEvent {
        if (handshakes < 0 || resumed < 0 || resumed > handshakes || failed < 0) {
            throw new IllegalArgumentException("tls: expected 0 <= resumed <= handshakes and failed >= 0, got handshakes " + handshakes
                    + ", resumed " + resumed + ", failed " + failed);
        }
    }
}
