package dev.brink.load.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoFileDescriptorSupplier;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.stub.ServerCalls;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A gRPC server inside Brink's own process, on 127.0.0.1 and a port the kernel picks, that answers the methods a
 * plan calls (and nothing else) from their descriptors: a unary call with one message of the method's output type, a
 * server-streaming call with {@value #STREAM_MESSAGES} of them, so the per-message timing path compiles too. It also
 * serves the reflection service for those files, so the warm-up finds its methods the way a run without --proto does.
 * What the {@link dev.brink.load.Warmup} loads instead of the target. Like {@link dev.brink.load.http.LoopbackResponder} it runs on NIO with a direct
 * executor: the generator's epoll classes see only the client side, and no thread pool competes with the warm-up.
 */
public final class GrpcLoopbackResponder implements AutoCloseable {
    /** Messages per server-streaming call: enough to run the between-messages path, few enough to keep calls short. */
    static final int STREAM_MESSAGES = 4;
    /** Requests and answers as bytes: requests are read and dropped, answers are made once per method. */
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = GrpcTransport.bytes();

    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-warmup-grpc", true));
    private final Server server;

    public GrpcLoopbackResponder(List<Descriptors.MethodDescriptor> methods) throws IOException {
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .channelType(NioServerSocketChannel.class).bossEventLoopGroup(group).workerEventLoopGroup(group)
                .directExecutor();
        for (ServerServiceDefinition s : services(methods)) b.addService(s);
        server = b.addService(ProtoReflectionServiceV1.newInstance()).build().start();
    }

    public int port() {
        return server.getPort();
    }

    /** One service definition per service named, holding only the methods called. */
    private static List<ServerServiceDefinition> services(List<Descriptors.MethodDescriptor> methods) {
        Map<Descriptors.ServiceDescriptor, Map<String, Descriptors.MethodDescriptor>> byService = new LinkedHashMap<>();
        for (Descriptors.MethodDescriptor m : methods) {
            byService.computeIfAbsent(m.getService(), k -> new LinkedHashMap<>()).putIfAbsent(m.getName(), m);
        }
        return byService.entrySet().stream().map(e -> service(e.getKey(), List.copyOf(e.getValue().values()))).toList();
    }

    private static ServerServiceDefinition service(Descriptors.ServiceDescriptor s, List<Descriptors.MethodDescriptor> methods) {
        Descriptors.FileDescriptor file = s.getFile();
        ServiceDescriptor.Builder d = ServiceDescriptor.newBuilder(s.getFullName())
                .setSchemaDescriptor((ProtoFileDescriptorSupplier) () -> file);
        List<MethodDescriptor<byte[], byte[]>> grpc = methods.stream().map(GrpcLoopbackResponder::grpc).toList();
        grpc.forEach(d::addMethod);
        ServerServiceDefinition.Builder def = ServerServiceDefinition.builder(d.build());
        for (int i = 0; i < methods.size(); i++) {
            byte[] answer = answer(methods.get(i).getOutputType());
            if (methods.get(i).isServerStreaming()) {
                def.addMethod(grpc.get(i), ServerCalls.asyncServerStreamingCall((request, out) -> {
                    for (int k = 0; k < STREAM_MESSAGES; k++) out.onNext(answer);
                    out.onCompleted();
                }));
            } else {
                def.addMethod(grpc.get(i), ServerCalls.asyncUnaryCall((request, out) -> {
                    out.onNext(answer);
                    out.onCompleted();
                }));
            }
        }
        return def.build();
    }

    private static MethodDescriptor<byte[], byte[]> grpc(Descriptors.MethodDescriptor m) {
        return MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(m.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING : MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(m.getService().getFullName(), m.getName()))
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }

    /**
     * A message of {@code type} with each singular scalar field set (a string "ok", numbers 1, the first enum value),
     * so the answer has the size and shape of a small real one rather than zero bytes; nested messages stay empty.
     */
    static byte[] answer(Descriptors.Descriptor type) {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        for (Descriptors.FieldDescriptor f : type.getFields()) {
            if (f.isRepeated() || f.getRealContainingOneof() != null) continue;
            Object v = switch (f.getJavaType()) {
                case INT -> 1;
                case LONG -> 1L;
                case FLOAT -> 1f;
                case DOUBLE -> 1d;
                case BOOLEAN -> true;
                case STRING -> "ok";
                case BYTE_STRING -> ByteString.copyFromUtf8("ok");
                case ENUM -> f.getEnumType().getValues().get(0);
                case MESSAGE -> null;
            };
            if (v != null) b.setField(f, v);
        }
        return b.build().toByteArray();
    }

    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
