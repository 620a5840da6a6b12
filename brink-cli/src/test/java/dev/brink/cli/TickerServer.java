package dev.brink.cli;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoFileDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.stub.ServerCalls;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.KeyManagerFactory;

/**
 * A real grpc-java server on 127.0.0.1 for {@code brink grpc} tests, over TLS with a key pair made by the test
 * (keytool): {@code feed.v3.Ticker/Follow} streams {@code ticks} ticks {@code every_ms} apart, from
 * descriptors built in code (no generated classes), with the v1 reflection service. It keeps the metadata of
 * the last call it got.
 */
final class TickerServer implements AutoCloseable {
    static final String FOLLOW = "feed.v3.Ticker/Follow";
    /** The same service as a .proto file, for --proto. */
    static final String PROTO = """
            syntax = "proto3";
            package feed.v3;
            service Ticker {
              rpc Follow (Subscription) returns (stream Tick);
            }
            message Subscription { string symbol = 1; int32 ticks = 2; int32 every_ms = 3; }
            message Tick { string symbol = 1; int64 n = 2; }
            """;

    final AtomicReference<Metadata> lastMetadata = new AtomicReference<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Server server;

    /** @param keyStore a PKCS12 key store (password "changeit") holding the server's key and certificate */
    TickerServer(Path keyStore) throws Exception {
        Descriptors.FileDescriptor file = Descriptors.FileDescriptor.buildFrom(FileDescriptorProto.newBuilder()
                .setName("feed/ticker.proto").setPackage("feed.v3").setSyntax("proto3")
                .addMessageType(DescriptorProto.newBuilder().setName("Subscription")
                        .addField(field("symbol", 1, FieldDescriptorProto.Type.TYPE_STRING))
                        .addField(field("ticks", 2, FieldDescriptorProto.Type.TYPE_INT32))
                        .addField(field("every_ms", 3, FieldDescriptorProto.Type.TYPE_INT32)))
                .addMessageType(DescriptorProto.newBuilder().setName("Tick")
                        .addField(field("symbol", 1, FieldDescriptorProto.Type.TYPE_STRING))
                        .addField(field("n", 2, FieldDescriptorProto.Type.TYPE_INT64)))
                .addService(ServiceDescriptorProto.newBuilder().setName("Ticker")
                        .addMethod(MethodDescriptorProto.newBuilder().setName("Follow").setInputType(".feed.v3.Subscription")
                                .setOutputType(".feed.v3.Tick").setServerStreaming(true)))
                .build(), new Descriptors.FileDescriptor[0]);
        Descriptors.ServiceDescriptor svc = file.findServiceByName("Ticker");
        Descriptors.MethodDescriptor follow = svc.findMethodByName("Follow");
        MethodDescriptor<DynamicMessage, DynamicMessage> m = MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder()
                .setType(MethodDescriptor.MethodType.SERVER_STREAMING).setFullMethodName(FOLLOW)
                .setRequestMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(follow.getInputType())))
                .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(follow.getOutputType())))
                .build();
        Descriptors.Descriptor tick = follow.getOutputType();
        ServerServiceDefinition def = ServerServiceDefinition.builder(ServiceDescriptor.newBuilder(svc.getFullName())
                        .setSchemaDescriptor((ProtoFileDescriptorSupplier) () -> file).addMethod(m).build())
                .addMethod(m, ServerCalls.asyncServerStreamingCall((req, out) -> {
                    Descriptors.Descriptor in = req.getDescriptorForType();
                    String symbol = (String) req.getField(in.findFieldByName("symbol"));
                    int ticks = (Integer) req.getField(in.findFieldByName("ticks"));
                    int every = (Integer) req.getField(in.findFieldByName("every_ms"));
                    for (int i = 0; i < ticks; i++) {
                        long n = i;
                        timer.schedule(() -> {
                            synchronized (out) {
                                out.onNext(DynamicMessage.newBuilder(tick).setField(tick.findFieldByName("symbol"), symbol)
                                        .setField(tick.findFieldByName("n"), n).build());
                                if (n == ticks - 1) out.onCompleted();
                            }
                        }, i * (long) every, TimeUnit.MILLISECONDS);
                    }
                }))
                .build();
        ServerInterceptor keep = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
                lastMetadata.set(headers);
                return next.startCall(call, headers);
            }
        };
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .sslContext(GrpcSslContexts.configure(SslContextBuilder.forServer(kmf)).build())
                .addService(ServerInterceptors.intercept(def, keep))
                .addService(ProtoReflectionServiceV1.newInstance())
                .build().start();
    }

    private static FieldDescriptorProto field(String name, int number, FieldDescriptorProto.Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type).build();
    }

    int port() {
        return server.getPort();
    }

    @Override
    public void close() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        timer.shutdownNow();
    }
}
