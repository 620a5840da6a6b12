package dev.brink.load.http;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * The TLS side of an HTTPS target: one client {@link SslContext} for the run, an {@link SslHandler} per connection
 * with SNI and the host name checked (RFC 6125, as a browser checks it) unless {@code --insecure}, ALPN offering
 * {@code h2} (and {@code http/1.1} when the user allows falling back) or {@code http/1.1} alone.
 *
 * <p>The engine: OpenSSL (BoringSSL, netty-tcnative) where its native library loads, the JDK's SSLEngine otherwise, or
 * whichever {@code -Dbrink.tls.engine=openssl|jdk} names. OpenSSL is the default because it costs the generator less
 * CPU per request and per handshake (bench/tls-h2-vs-peers.sh measures both; bench/RESULTS.md has the figures), and a
 * generator's CPU is what limits the rate it can drive. Both engines share the client session cache per host and
 * port, so a new connection to the same server resumes its session (an abbreviated handshake) when the server allows.
 */
public final class HttpTls {
    /** The property that chooses the engine: {@code auto} (default), {@code openssl}, {@code jdk}. */
    public static final String ENGINE_PROPERTY = "brink.tls.engine";

    private final SslContext context;
    private final String engine;
    final String host;
    final int port;
    private final Plan.Tls settings;

    private HttpTls(SslContext context, String engine, String host, int port, Plan.Tls settings) {
        this.context = context;
        this.engine = engine;
        this.host = host;
        this.port = port;
        this.settings = settings;
    }

    /**
     * The TLS of a connection to {@code host:port}. {@code alpn}: the protocols offered, in preference order (h2 first
     * when HTTP/2 is wanted). Files are read here, so a missing or malformed one is one line before any connection.
     */
    public static HttpTls of(String host, int port, Plan.Tls tls, List<String> alpn) throws BrinkUserException {
        Plan.Tls t = tls == null ? new Plan.Tls(null, false) : tls;
        SslProvider provider = provider();
        SslContextBuilder b = SslContextBuilder.forClient().sslProvider(provider)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        // the only behaviours both engines support: offer, and accept whatever the server chose (the
                        // connection then checks the choice itself, so a refusal says which protocol was missing)
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn));
        if (t.insecure()) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE);
        } else {
            b.endpointIdentificationAlgorithm("HTTPS");
            if (t.caCert() != null) {
                readable(t.caCert(), "--cacert");
                try {
                    b.trustManager(t.caCert().toFile());
                } catch (IllegalArgumentException e) {
                    throw new BrinkUserException(t.caCert() + ": expected PEM certificates (-----BEGIN CERTIFICATE-----)");
                }
            }
        }
        if (t.clientCert() != null) {
            readable(t.clientCert(), "--cert");
            readable(t.clientKey(), "--key");
            try {
                b.keyManager(t.clientCert().toFile(), t.clientKey().toFile());
            } catch (IllegalArgumentException e) {
                // the message may quote the key file's content: name the files only
                throw new BrinkUserException("--cert " + t.clientCert() + " / --key " + t.clientKey()
                        + ": expected a PEM certificate chain and its unencrypted PKCS#8 private key (-----BEGIN PRIVATE KEY-----)");
            }
        }
        try {
            return new HttpTls(b.build(), provider == SslProvider.OPENSSL ? "OpenSSL" : "JDK", host, port, t);
        } catch (SSLException | IllegalArgumentException e) {
            throw new BrinkUserException(t.caCert() != null ? t.caCert() + ": expected PEM certificates (-----BEGIN CERTIFICATE-----)"
                    : "cannot set up TLS: " + UserLine.of(e));
        }
    }

    /** The engine {@value #ENGINE_PROPERTY} asks for, OpenSSL by default where it loads. */
    static SslProvider provider() throws BrinkUserException {
        String asked = System.getProperty(ENGINE_PROPERTY, "auto").toLowerCase(Locale.ROOT);
        switch (asked) {
            case "jdk":
                return SslProvider.JDK;
            case "openssl":
                if (!OpenSsl.isAvailable()) {
                    throw new BrinkUserException("-D" + ENGINE_PROPERTY + "=openssl: OpenSSL cannot load here ("
                            + UserLine.of(OpenSsl.unavailabilityCause()) + "); expected jdk or auto");
                }
                return SslProvider.OPENSSL;
            case "auto":
                // a platform without the native library (not Linux x86-64, or a noexec tmp) falls back quietly
                return OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
            default:
                throw new BrinkUserException("-D" + ENGINE_PROPERTY + "=" + asked + ": expected auto, openssl or jdk");
        }
    }

    /** The ALPN protocols to offer: h2 (and http/1.1 when allowed) for HTTP/2, else http/1.1. */
    public static List<String> alpn(boolean http2, boolean allowHttp1) {
        List<String> p = new ArrayList<>();
        if (http2) p.add(ApplicationProtocolNames.HTTP_2);
        if (!http2 || allowHttp1) p.add(ApplicationProtocolNames.HTTP_1_1);
        return p;
    }

    /** A PEM file Netty reads whole: a regular file within the PEM limit (a FIFO would block the handshake setup). */
    private static void readable(Path f, String option) throws BrinkUserException {
        InputFiles.checkRegular(f, InputKind.PEM, option);
    }

    /** A handler for one new connection: SNI and the session cache keyed by host and port. */
    SslHandler handler(ByteBufAllocator alloc, long handshakeTimeoutMs) {
        SslHandler h = context.newHandler(alloc, host, port);
        h.setHandshakeTimeoutMillis(handshakeTimeoutMs);
        return h;
    }

    /** {@code OpenSSL} or {@code JDK}. */
    public String engine() {
        return engine;
    }

    boolean insecure() {
        return settings.insecure();
    }

    /**
     * One line for a handshake to {@code host:port} that failed with {@code cause}, naming which side is wrong and the
     * option that changes it. Only exception classes and messages of the TLS library are read: they hold names and
     * dates, never a key.
     */
    String failure(Throwable cause) {
        StringBuilder chain = new StringBuilder();
        boolean expired = false;
        String notAfter = null;
        for (Throwable t = cause; t != null && chain.length() < 10_000; t = t.getCause()) {
            chain.append(' ').append(t.getClass().getSimpleName().toLowerCase(Locale.ROOT)).append(' ')
                    .append(String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT));
            if (t instanceof java.security.cert.CertificateExpiredException) {
                expired = true;
                notAfter = t.getMessage();
            }
        }
        String m = chain.toString();
        String where = "TLS to " + host + ":" + port + " failed: ";
        if (m.contains("notsslrecordexception") || m.contains("not an ssl/tls record") || m.contains("unsupported or unrecognized ssl message")
                || m.contains("wrong_version_number")) {
            return where + "the server answered in plaintext (expected an https server there, or an http:// URL)";
        }
        if (expired || m.contains("certificate expired") || m.contains("validity check failed") || m.contains("certificate_expired")) {
            return where + "its certificate has expired" + (notAfter == null ? "" : " (" + UserLine.of(notAfter) + ")")
                    + "; expected a current certificate on the server, or --insecure (plan: insecure: true) to skip verification";
        }
        if (m.contains("subject alternative") || m.contains("no name matching") || m.contains("hostname")) {
            return where + "its certificate does not name " + host + " (expected a URL with a name the certificate carries, "
                    + "or --insecure (plan: insecure: true) to skip verification)";
        }
        if (m.contains("certification path") || m.contains("pkix") || m.contains("unable to find valid") || m.contains("certificate_unknown")
                || m.contains("unknown_ca") || m.contains("trust anchor")) {
            return where + "its certificate is not trusted by "
                    + (settings.caCert() != null ? "--cacert " + settings.caCert() : "the system trust store")
                    + " (expected --cacert FILE (plan: ca_cert) with the CA that signed it, or --insecure to skip verification)";
        }
        if (m.contains("certificate_required") || m.contains("bad_certificate") || m.contains("handshake_failure")
                && settings.clientCert() == null) {
            return where + "the server refused the handshake (" + alert(m) + "; expected --cert FILE --key FILE (plan: client_cert, "
                    + "client_key) if it asks for a client certificate)";
        }
        if (m.contains("closedchannelexception") || m.contains("connection closed") || m.contains("closed engine")
                || m.contains("remote host terminated") || m.contains("connection reset")) {
            return where + "the server closed the connection during the handshake (expected an https server there, or an http:// URL)";
        }
        if (m.contains("sslhandshaketimeoutexception") || m.contains("handshake timed out")) {
            return where + "no handshake within the connect timeout (expected an https server there, or an http:// URL)";
        }
        return where + UserLine.of(cause);
    }

    private static String alert(String chain) {
        for (String a : List.of("certificate_required", "bad_certificate", "handshake_failure")) if (chain.contains(a)) return a;
        return "an alert";
    }

    /** Exception messages on one line: a TLS library's may span several. */
    static final class UserLine {
        private UserLine() {
        }

        static String of(Throwable t) {
            return t == null ? "unknown cause" : of(String.valueOf(t.getMessage()));
        }

        static String of(String m) {
            int nl = m.indexOf('\n');
            String line = (nl < 0 ? m : m.substring(0, nl)).strip();
            return line.length() > 300 ? line.substring(0, 300) + "…" : line;
        }
    }
}
