package dev.brink.load.grpc;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.load.plan.Plan;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * How Brink reaches one gRPC server: plaintext HTTP/2 or TLS (the JVM's trust store, a CA file, or no
 * verification at all), and the :authority the calls name. The load channels and the reflection channel are
 * built here alike, so a TLS setting holds for both; a TLS failure becomes one line that says which side is
 * wrong, before any load.
 */
final class GrpcTransport {
    /** A method no server has: the probe's UNIMPLEMENTED answer proves the connection works, and changes nothing. */
    private static final MethodDescriptor<byte[], byte[]> PROBE = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName("brink.ConnectionProbe/Handshake")
            .setRequestMarshaller(bytes())
            .setResponseMarshaller(bytes())
            .build();

    final String host;
    final int port;
    private final Plan.Grpc settings;
    private final SslContext ssl; // null: plaintext

    private GrpcTransport(String host, int port, Plan.Grpc settings, SslContext ssl) {
        this.host = host;
        this.port = port;
        this.settings = settings;
        this.ssl = ssl;
    }

    static GrpcTransport of(String host, int port, Plan.Grpc settings) throws BrinkUserException {
        Plan.Tls tls = settings.tls();
        if (tls == null) return new GrpcTransport(host, port, settings, null);
        SslContextBuilder b = GrpcSslContexts.forClient();
        if (tls.insecure()) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE);
        } else if (tls.caCert() != null) {
            InputFiles.checkRegular(tls.caCert(), InputKind.PEM, "--cacert");
        }
        try {
            if (tls.caCert() != null) b.trustManager(tls.caCert().toFile()); // reads the file: a bad one throws here
            return new GrpcTransport(host, port, settings, b.build());
        } catch (SSLException | IllegalArgumentException e) {
            throw new BrinkUserException(tls.caCert() + ": expected PEM certificates (-----BEGIN CERTIFICATE-----): "
                    + UserText.firstLine(e));
        }
    }

    boolean tls() {
        return ssl != null;
    }

    String where() {
        return host + ":" + port;
    }

    /** A channel builder for this server; the caller adds its event loop and executor. */
    NettyChannelBuilder builder() {
        NettyChannelBuilder b = NettyChannelBuilder.forAddress(host, port);
        if (ssl != null) b.sslContext(ssl).useTransportSecurity();
        else b.usePlaintext();
        if (settings.authority() != null) b.overrideAuthority(settings.authority());
        return b;
    }

    /**
     * Makes one call to a method no server has and waits for its answer: UNIMPLEMENTED (or any status the
     * server sent) means the connection and its TLS work; a failure to connect is one line naming why.
     */
    void probe(Duration timeout) throws BrinkUserException, InterruptedException {
        ManagedChannel ch = builder().build();
        try {
            CompletableFuture<Status> done = new CompletableFuture<>();
            ClientCall<byte[], byte[]> call = ch.newCall(PROBE, CallOptions.DEFAULT.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS));
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onClose(Status status, Metadata trailers) {
                    done.complete(status);
                }
            }, new Metadata());
            call.sendMessage(new byte[0]);
            call.halfClose();
            Status st;
            try {
                st = done.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
                st = Status.DEADLINE_EXCEEDED;
            }
            if (st.getCode() == Status.Code.UNAVAILABLE || st.getCode() == Status.Code.DEADLINE_EXCEEDED
                    || st.getCode() == Status.Code.INTERNAL && st.getCause() != null) {
                throw new BrinkUserException(failure(st));
            }
        } finally {
            ch.shutdownNow();
        }
    }

    /** One line for a call that could not reach the server: a TLS failure says which side is wrong. */
    String failure(Status st) {
        Throwable cause = st.getCause();
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
                return "TLS to " + where() + " failed: its certificate does not name " + authority()
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
        String why = cause != null ? UserText.firstLine(cause) : st.getCode() + " " + st.getDescription();
        if (ssl == null && st.getCode() != Status.Code.DEADLINE_EXCEEDED && (cause == null || !(cause instanceof java.net.ConnectException))) {
            return "cannot call " + where() + ": " + why + " (expected a plaintext gRPC server; a TLS server needs --tls)";
        }
        return "cannot connect to " + where() + ": " + why + " (expected a gRPC server listening there)";
    }

    private String authority() {
        return settings.authority() != null ? settings.authority() : host;
    }

    /** Messages as their bytes, both ways (a probe's, the warm-up responder's). */
    static MethodDescriptor.Marshaller<byte[]> bytes() {
        return new MethodDescriptor.Marshaller<>() {
            @Override
            public InputStream stream(byte[] value) {
                return new ByteArrayInputStream(value);
            }

            @Override
            public byte[] parse(InputStream stream) {
                try (stream) {
                    return stream.readAllBytes();
                } catch (java.io.IOException e) {
                    return new byte[0];
                }
            }
        };
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
