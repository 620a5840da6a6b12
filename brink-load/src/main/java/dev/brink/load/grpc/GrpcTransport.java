package dev.brink.load.grpc;

import dev.brink.core.BrinkUserException;
import dev.brink.load.http.H2SettingsWait;
import dev.brink.load.http.HttpConnector;
import dev.brink.load.http.HttpTls;
import dev.brink.load.plan.Plan;
import io.netty.handler.ssl.ApplicationProtocolNames;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * How Brink reaches one gRPC server: plaintext HTTP/2 or TLS (the JVM's trust store, a CA file, or no
 * verification at all), and the :authority the calls name. The load's connections ({@link HttpTls}, Brink's own
 * HTTP/2 client) and the reflection client's ({@link GrpcReflection}, on the same client) follow the same
 * settings, so a TLS setting holds for both; a TLS failure becomes one line that says which side is wrong, before
 * any load.
 */
final class GrpcTransport {
    final String host;
    final int port;
    private final Plan.Grpc settings;
    /** The load's TLS (null: plaintext): SNI and the certificate's name are the authority's host. */
    final HttpTls tls;

    private GrpcTransport(String host, int port, Plan.Grpc settings, HttpTls tls) {
        this.host = host;
        this.port = port;
        this.settings = settings;
        this.tls = tls;
    }

    static GrpcTransport of(String host, int port, Plan.Grpc settings) throws BrinkUserException {
        Plan.Tls tls = settings.tls();
        if (tls == null) return new GrpcTransport(host, port, settings, null);
        // reads the CA file: a bad one is one line here
        return new GrpcTransport(host, port, settings, HttpTls.of(authorityHost(settings.authority(), host), port, tls,
                List.of(ApplicationProtocolNames.HTTP_2)));
    }

    /** The host part of {@code authority} ("name", "name:port", "[v6]:port"), or {@code host} when there is none. */
    static String authorityHost(String authority, String host) {
        if (authority == null) return host;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            return close > 0 ? authority.substring(1, close) : authority;
        }
        int colon = authority.lastIndexOf(':');
        return colon > 0 && authority.indexOf(':') == colon ? authority.substring(0, colon) : authority;
    }

    boolean tls() {
        return tls != null;
    }

    String where() {
        return host + ":" + port;
    }

    /** What the calls' :authority says: the override, else host:port as grpc-java names it. */
    String authority() {
        if (settings.authority() != null) return settings.authority();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * Opens one connection with {@code connector} (this server's, as the load opens them) and waits for the server's
     * first HTTP/2 SETTINGS, before any load: they prove the connection, its TLS and h2 work; a failure to connect is
     * one line naming why. Not on the event loop.
     */
    void probe(HttpConnector connector, Duration timeout) throws BrinkUserException, InterruptedException {
        H2SettingsWait wait = new H2SettingsWait();
        // the wait's handler goes in on the loop as the connection becomes ready, before the server's SETTINGS are read
        HttpConnector.Opening o = connector.open(done -> {
            if (!done.ready().isSuccess() || tls != null && !ApplicationProtocolNames.HTTP_2.equals(done.ready().getNow())) {
                wait.giveUp();
                return;
            }
            wait.start(done.channel(), tls != null);
        });
        boolean done = wait.await(timeout);
        o.channel().close().await();
        if (done && wait.spoke()) return;
        throw unreachable(o, done, wait.cause(), timeout);
    }

    /**
     * Why a connection opened with {@code o} did not become a usable HTTP/2 connection within {@code timeout}, as one
     * line: {@code done}, the wait for the server's SETTINGS ended (not timed out); {@code closed}, what closed it.
     */
    BrinkUserException unreachable(HttpConnector.Opening o, boolean done, Throwable closed, Duration timeout) {
        if (!o.ready().isDone()) {
            return new BrinkUserException(failure(null, "no connection within " + timeout.toSeconds() + " s", true));
        }
        Throwable c = o.ready().cause();
        if (c != null) return new BrinkUserException(failure(c instanceof HttpConnector.HandshakeFailed ? c.getCause() : c, null, false));
        if (tls != null && !ApplicationProtocolNames.HTTP_2.equals(o.ready().getNow())) {
            return new BrinkUserException("TLS to " + where() + " failed: the server did not choose h2 by ALPN (expected a gRPC server)");
        }
        return new BrinkUserException(failure(closed, done ? "the connection closed before any HTTP/2 SETTINGS"
                : "no HTTP/2 SETTINGS within " + timeout.toSeconds() + " s", !done));
    }

    /**
     * One line for a call or connection that could not reach the server: a TLS failure says which side is wrong.
     * {@code why}: what to say when {@code cause} is null; {@code timedOut}: nothing came in time.
     */
    String failure(Throwable cause, String why, boolean timedOut) {
        // the TLS library wraps the reason ("General SSLEngine problem" around "No subject alternative DNS name
        // matching …"): read the whole chain before saying which side is wrong
        StringBuilder chain = new StringBuilder();
        boolean tlsFailed = false;
        for (Throwable t = cause; t != null && chain.length() < 10_000; t = t.getCause()) {
            chain.append(' ').append(String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT));
            tlsFailed |= t instanceof SSLException || t instanceof CertificateException;
        }
        String m = chain.toString();
        if (tlsFailed) {
            if (m.contains("not an ssl/tls record") || m.contains("unsupported or unrecognized ssl message")) {
                return "TLS to " + where() + " failed: the server answered in plaintext (expected a TLS server, or no --tls)";
            }
            if (m.contains("subject alternative") || m.contains("no name matching") || m.contains("hostname")) {
                return "TLS to " + where() + " failed: its certificate does not name " + tlsName()
                        + " (expected --authority with a name the certificate carries)";
            }
            if (m.contains("certification path") || m.contains("pkix") || m.contains("certificate")) {
                return "TLS to " + where() + " failed: its certificate is not trusted by "
                        + (settings.tls().caCert() != null ? "--cacert " + settings.tls().caCert() : "the system trust store")
                        + " (expected the CA that signed it" + (settings.tls().caCert() != null ? "" : ": --cacert FILE")
                        + ", or --insecure to skip verification)";
            }
            return "TLS to " + where() + " failed: " + UserText.firstLine(cause);
        }
        if (cause != null) why = UserText.firstLine(cause);
        if (tls == null && !timedOut && (cause == null || !(cause instanceof java.net.ConnectException))) {
            return "cannot call " + where() + ": " + why + " (expected a plaintext gRPC server; a TLS server needs --tls)";
        }
        return "cannot connect to " + where() + ": " + why + " (expected a gRPC server listening there)";
    }

    /** The name the certificate must carry. */
    private String tlsName() {
        return authorityHost(settings.authority(), host);
    }

    /** Exception messages on one line: a TLS library's may span several. */
    private static final class UserText {
        static String firstLine(Throwable t) {
            String m = String.valueOf(t.getMessage());
            int nl = m.indexOf('\n');
            return (nl < 0 ? m : m.substring(0, nl)).strip();
        }
    }
}
