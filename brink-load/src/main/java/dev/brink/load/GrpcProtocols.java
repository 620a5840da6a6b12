package dev.brink.load;

import com.google.protobuf.Descriptors;
import dev.brink.core.BrinkUserException;
import io.grpc.Metadata;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
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
final class GrpcProtocols {
    private GrpcProtocols() {
    }

    static GrpcProtocol open(Plan plan, InetSocketAddress address, EventLoopGroup group,
                             Class<? extends Channel> channelType, List<String> columns, UnaryOperator<String> env)
            throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        GrpcSchema schema = schema(plan, address);
        int n = plan.profile().size();
        Descriptors.MethodDescriptor[] methods = new Descriptors.MethodDescriptor[n];
        GrpcMessage[] messages = new GrpcMessage[n];
        Metadata[] metadata = new Metadata[n];
        String[] names = new String[n];
        RequestContext sample = new RequestContext(1, null);
        for (int i = 0; i < n; i++) {
            Plan.Operation op = plan.profile().get(i);
            names[i] = op.name();
            methods[i] = schema.method(op.request().path());
            try {
                messages[i] = GrpcMessage.compile(op.request().body(), methods[i].getInputType(), columns, env,
                        columns.isEmpty() ? sample : sampleRow(plan));
            } catch (GrpcMessage.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": message: " + e.getMessage());
            }
            metadata[i] = metadata(op, columns, env);
        }
        return new GrpcProtocol(address.getHostString(), address.getPort(), group, channelType, g, methods, messages, metadata, names);
    }

    private static RequestContext sampleRow(Plan plan) throws BrinkUserException {
        return new RequestContext(1, CsvFeeder.load(plan.data().csv(), false));
    }

    private static GrpcSchema schema(Plan plan, InetSocketAddress address) throws BrinkUserException {
        Plan.Grpc g = plan.target().grpc();
        if (g.proto() != null) return GrpcSchema.fromProto(g.proto(), g.importPaths());
        if (g.protoset() != null) return GrpcSchema.fromProtoset(g.protoset());
        LinkedHashSet<String> services = new LinkedHashSet<>();
        for (Plan.Operation op : plan.profile()) {
            String call = op.request().path();
            int slash = call.lastIndexOf('/');
            if (slash <= 0) throw new BrinkUserException("call '" + call + "': expected pkg.Service/Method");
            services.add(call.substring(0, slash));
        }
        try {
            return GrpcReflection.load(address.getHostString(), address.getPort(), new ArrayList<>(services),
                    Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while asking " + address + " for its services");
        }
    }

    /**
     * Metadata, filled once per run ({@code ${env.NAME}} included; per-request placeholders take their first
     * value). gRPC header names are lower case; binary "-bin" keys are not supported.
     */
    private static Metadata metadata(Plan.Operation op, List<String> columns, UnaryOperator<String> env) throws BrinkUserException {
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        RequestContext once = new RequestContext(1, null);
        once.next();
        Metadata m = new Metadata();
        for (Plan.Header h : op.request().headers()) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (name.endsWith("-bin") || name.startsWith("grpc-") || name.startsWith(":")) {
                throw new BrinkUserException("operation " + op.name() + ": metadata '" + name
                        + "': expected a text key not starting with grpc- and not ending in -bin");
            }
            buf.clear();
            try {
                Template.compile(h.value(), columns.isEmpty() ? List.of() : columns, env, Template.Field.HEADER).write(buf, once);
            } catch (Template.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": metadata '" + name + "': expected " + e.getMessage());
            }
            m.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), buf.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
        return m;
    }
}
