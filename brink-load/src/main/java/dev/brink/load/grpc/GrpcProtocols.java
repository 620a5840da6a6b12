package dev.brink.load.grpc;

import com.google.protobuf.Descriptors;
import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Template;
import dev.brink.load.http.HttpConnector;
import dev.brink.load.plan.Plan;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Turns a gRPC plan into a {@link GrpcProtocol}, before any load: finds the descriptors (from the .proto,
 * the protoset, or the server's reflection), each operation's method, compiles its message template against
 * the method's input type and its metadata. Every mistake is one {@link BrinkUserException} line.
 */
public final class GrpcProtocols {
    private GrpcProtocols() {
    }

    public static GrpcProtocol open(Plan plan, InetSocketAddress address, Bootstrap bootstrap, List<String> columns,
                                    UnaryOperator<String> env, LoadOptions options) throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        GrpcTransport transport = GrpcTransport.of(address.getHostString(), address.getPort(), g);
        GrpcSchema schema = schema(plan, transport);
        int n = plan.profile().size();
        GrpcMessage[] messages = new GrpcMessage[n];
        ByteBuf[] heads = new ByteBuf[n];
        String[] names = new String[n];
        boolean[] streaming = new boolean[n];
        RequestContext sample = new RequestContext(1, null);
        for (int i = 0; i < n; i++) {
            Plan.Operation op = plan.profile().get(i);
            names[i] = op.name();
            Descriptors.MethodDescriptor m = schema.method(op.request().path());
            streaming[i] = m.isServerStreaming();
            try {
                messages[i] = GrpcMessage.compile(op.request().body(), m.getInputType(), columns, env,
                        columns.isEmpty() ? sample : sampleRow(plan));
            } catch (GrpcMessage.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": message: " + e.getMessage());
            }
            heads[i] = GrpcHead.block(transport.tls(), "/" + m.getService().getFullName() + "/" + m.getName(),
                    transport.authority(), g.deadline(), metadata(op, columns, env));
        }
        HttpConnector connector = new HttpConnector(bootstrap, address, transport.tls, options.connectTimeout());
        if (transport.tls() && (g.proto() != null || g.protoset() != null)) {
            // reflection has proven the connection already; from a file, a TLS mistake must be one line before any
            // load, not a run of errors
            try {
                transport.probe(connector, Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BrinkUserException("interrupted while connecting to " + transport.where());
            }
        }
        return new GrpcProtocol(connector, g.policy(), g.channels(), g.deadline(), heads, messages, new GrpcStreams(names, streaming));
    }

    /**
     * The methods {@code plan}'s operations call, found as {@link #open} finds them (the same one-line mistakes). When
     * they came from the target's reflection service, its answer is kept for the next {@link #open} of the same target
     * and settings, which takes it instead of asking again: the warm-up learns the methods before the run, and the
     * target sees one reflection exchange, as in a run without a warm-up.
     */
    public static List<Descriptors.MethodDescriptor> methods(Plan plan) throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        java.net.URI base = plan.target().baseUrl();
        GrpcTransport transport = GrpcTransport.of(base.getHost(), base.getPort(), g);
        GrpcSchema schema = schema(plan, transport);
        List<Descriptors.MethodDescriptor> methods = new ArrayList<>();
        for (Plan.Operation op : plan.profile()) methods.add(schema.method(op.request().path()));
        if (g.proto() == null && g.protoset() == null) {
            LinkedHashSet<String> services = new LinkedHashSet<>();
            for (Descriptors.MethodDescriptor m : methods) services.add(m.getService().getFullName());
            REFLECTED.put(new Reflected(transport.where(), g, List.copyOf(services)), schema);
        }
        return methods;
    }

    /**
     * Hands {@code methods} (what {@link #methods} found for the plan being warmed) to the next {@link #open} of
     * {@code warm}, the warm-up's plan against its {@link GrpcLoopbackResponder}, which takes them instead of asking
     * for reflection: the responder serves none, so that a warm-up loads no gRPC server, and the run already holds
     * the descriptors, from its files or from the target's one reflection exchange.
     */
    public static void lend(Plan warm, List<Descriptors.MethodDescriptor> methods) throws BrinkUserException {
        java.net.URI base = warm.target().baseUrl();
        GrpcTransport transport = GrpcTransport.of(base.getHost(), base.getPort(), warm.target().grpc());
        REFLECTED.put(key(warm, transport), GrpcSchema.of("the descriptors lent to the warm-up", methods));
    }

    /**
     * What {@code brink check} shows of each operation, found as {@link #open} finds it, before any load and without a
     * connection unless {@code reflect}: the TLS material read, the descriptors (.proto, protoset, or the server's
     * reflection when {@code reflect}; else null methods), each message compiled against its method's input type and
     * rendered once as JSON with {@code sample}'s values, each metadata value (secret ones as "***").
     */
    public static List<String> describe(Plan plan, List<String> columns, UnaryOperator<String> env, RequestContext sample,
                                        boolean reflect) throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        java.net.URI base = plan.target().baseUrl();
        GrpcTransport transport = GrpcTransport.of(base.getHost(), base.getPort(), g);
        boolean files = g.proto() != null || g.protoset() != null;
        GrpcSchema schema = files || reflect ? schema(plan, transport) : null;
        List<String> out = new ArrayList<>();
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        for (Plan.Operation op : plan.profile()) {
            StringBuilder b = new StringBuilder("call ").append(op.request().path());
            String body = op.request().body() == null ? "{}" : op.request().body();
            // rendered first: compiling the message against its type takes sample values of its own
            buf.clear();
            try {
                Template.compile(body, columns, env, Template.Field.BODY).write(buf, sample);
            } catch (Template.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": message: expected " + e.getMessage());
            }
            String rendered = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
            if (schema != null) {
                Descriptors.MethodDescriptor m = schema.method(op.request().path());
                try {
                    GrpcMessage.compile(body, m.getInputType(), columns, env, sample);
                } catch (GrpcMessage.Invalid e) {
                    throw new BrinkUserException("operation " + op.name() + ": message: " + e.getMessage());
                }
                b.append(" (").append(m.getInputType().getFullName()).append(" → ").append(m.isServerStreaming() ? "stream " : "")
                        .append(m.getOutputType().getFullName()).append(')');
            } else {
                b.append(" (descriptors by the server's reflection: checked with --connect)");
            }
            for (Plan.Header h : op.request().headers()) {
                b.append("\nmetadata ").append(h.name().toLowerCase(Locale.ROOT)).append(": ").append(h.secret() ? "***" : h.value());
            }
            b.append("\nmessage ").append(rendered);
            out.add(b.toString());
        }
        buf.release();
        return out;
    }

    /** A reflection answer kept for the run that follows a warm-up: the server, the settings, the services asked for. */
    private record Reflected(String where, Plan.Grpc settings, List<String> services) {
    }

    private static final java.util.Map<Reflected, GrpcSchema> REFLECTED = new java.util.concurrent.ConcurrentHashMap<>();

    private static RequestContext sampleRow(Plan plan) throws BrinkUserException {
        return new RequestContext(1, CsvFeeder.load(plan.data().csv(), false));
    }

    private static GrpcSchema schema(Plan plan, GrpcTransport transport) throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        if (g.proto() != null) return GrpcSchema.fromProto(g.proto(), g.importPaths());
        if (g.protoset() != null) return GrpcSchema.fromProtoset(g.protoset());
        Reflected key = key(plan, transport);
        GrpcSchema asked = REFLECTED.remove(key);
        if (asked != null) return asked;
        try {
            return GrpcReflection.load(transport, new ArrayList<>(key.services()), Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while asking " + transport.where() + " for its services");
        }
    }

    /** Where {@code plan}'s reflection answer is kept: its server, its settings, the services its calls name. */
    private static Reflected key(Plan plan, GrpcTransport transport) throws BrinkUserException {
        LinkedHashSet<String> services = new LinkedHashSet<>();
        for (Plan.Operation op : plan.profile()) {
            String call = op.request().path();
            int slash = call.lastIndexOf('/');
            if (slash <= 0) throw new BrinkUserException("call '" + call + "': expected pkg.Service/Method");
            services.add(call.substring(0, slash));
        }
        return new Reflected(transport.where(), plan.target().grpc(), List.copyOf(services));
    }

    /**
     * Metadata, filled once per run ({@code ${env.NAME}} included; per-request placeholders take their first
     * value). gRPC header names are lower case; a key ending in "-bin" is binary: its value is base64 (padding
     * optional), sent as the bytes it decodes to, which go on the wire as base64 without padding, as grpc-java sends
     * them. Values are never in a message: they may be secret.
     */
    private static List<GrpcHead.Field> metadata(Plan.Operation op, List<String> columns, UnaryOperator<String> env)
            throws BrinkUserException {
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        RequestContext once = new RequestContext(1, null);
        once.next();
        List<GrpcHead.Field> m = new ArrayList<>();
        for (Plan.Header h : op.request().headers()) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (name.startsWith("grpc-") || name.startsWith(":") || !name.matches("[0-9a-z_.-]+")) {
                throw new BrinkUserException("operation " + op.name() + ": metadata '" + name
                        + "': expected a key of a-z, 0-9, '-', '_' or '.' not starting with grpc-");
            }
            buf.clear();
            try {
                Template.compile(h.value(), columns.isEmpty() ? List.of() : columns, env, Template.Field.HEADER).write(buf, once);
            } catch (Template.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": metadata '" + name + "': expected " + e.getMessage());
            }
            String value = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
            if (name.endsWith(BINARY_SUFFIX)) {
                value = java.util.Base64.getEncoder().withoutPadding().encodeToString(binary(op, name, value));
            }
            m.add(new GrpcHead.Field(name, value));
        }
        return m;
    }

    /** A binary metadata key's suffix. */
    private static final String BINARY_SUFFIX = "-bin";

    private static byte[] binary(Plan.Operation op, String name, String value) throws BrinkUserException {
        byte[] b = base64(value);
        if (b == null) {
            throw new BrinkUserException("operation " + op.name() + ": metadata '" + name
                    + "': expected a base64 value for a -bin key (value not shown)");
        }
        return b;
    }

    /** A "-bin" value's bytes: standard or URL-safe base64, padding optional (what grpcurl users paste); null if not base64. */
    public static byte[] base64(String value) {
        String v = value.strip();
        try {
            return v.indexOf('-') >= 0 || v.indexOf('_') >= 0 ? java.util.Base64.getUrlDecoder().decode(v)
                    : java.util.Base64.getDecoder().decode(v);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
