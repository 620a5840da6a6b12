package dev.brink.load.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoFileDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.stub.ServerCalls;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real grpc-java server on 127.0.0.1, port 0, serving test-resources grpc/inventory.proto with
 * DynamicMessages (no generated code), with the v1 reflection service. Reserve answers at once (or stalls
 * once, on demand); quantity < 0 is INVALID_ARGUMENT; Watch streams {@code count} events,
 * {@code gap_ms} apart.
 */
public final class GrpcTestServer implements AutoCloseable {
    static final Path PROTO = Path.of("src/test/resources/grpc/inventory.proto");
    public static final String RESERVE = "shop.inventory.v1.Inventory/Reserve";
    public static final String WATCH = "shop.inventory.v1.Inventory/Watch";

    public final AtomicLong calls = new AtomicLong();
    /** The metadata of the latest call of the inventory service. */
    public final java.util.concurrent.atomic.AtomicReference<io.grpc.Metadata> lastMetadata = new java.util.concurrent.atomic.AtomicReference<>();
    /** Reflection streams opened (a client asks all it needs on one stream). */
    public final AtomicLong reflections = new AtomicLong();
    volatile long stallAfter = -1;
    volatile long stallMs;
    /** Every Reserve answers this late (without holding a handler thread), 0 for at once. */
    public volatile long delayMs;
    private final java.util.concurrent.ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    private final Server server;
    private final ExecutorService handlers = Executors.newFixedThreadPool(4);

    public GrpcTestServer() throws Exception {
        GrpcSchema schema = GrpcSchema.fromProto(PROTO, List.of());
        Descriptors.MethodDescriptor reserve = schema.method(RESERVE);
        Descriptors.MethodDescriptor watch = schema.method(WATCH);
        Descriptors.ServiceDescriptor svc = reserve.getService();
        MethodDescriptor<DynamicMessage, DynamicMessage> reserveM = method(reserve, MethodDescriptor.MethodType.UNARY);
        MethodDescriptor<DynamicMessage, DynamicMessage> watchM = method(watch, MethodDescriptor.MethodType.SERVER_STREAMING);
        ServiceDescriptor sd = ServiceDescriptor.newBuilder(svc.getFullName())
                .setSchemaDescriptor((ProtoFileDescriptorSupplier) svc::getFile)
                .addMethod(reserveM).addMethod(watchM).build();
        Descriptors.Descriptor reply = reserve.getOutputType();
        Descriptors.Descriptor event = watch.getOutputType();
        ServerServiceDefinition def = ServerServiceDefinition.builder(sd)
                .addMethod(reserveM, ServerCalls.asyncUnaryCall((req, out) -> {
                    long n = calls.incrementAndGet();
                    if (n == stallAfter) sleep(stallMs);
                    String sku = (String) req.getField(req.getDescriptorForType().findFieldByName("sku"));
                    int qty = (Integer) req.getField(req.getDescriptorForType().findFieldByName("quantity"));
                    if (qty < 0) {
                        out.onError(Status.INVALID_ARGUMENT.withDescription("quantity < 0").asRuntimeException());
                        return;
                    }
                    DynamicMessage answer = DynamicMessage.newBuilder(reply).setField(reply.findFieldByName("reservation"), "r-" + sku).build();
                    Runnable respond = () -> {
                        out.onNext(answer);
                        out.onCompleted();
                    };
                    if (delayMs > 0) later.schedule(respond, delayMs, TimeUnit.MILLISECONDS);
                    else respond.run();
                }))
                .addMethod(watchM, ServerCalls.asyncServerStreamingCall((req, out) -> {
                    calls.incrementAndGet();
                    int count = (Integer) req.getField(req.getDescriptorForType().findFieldByName("count"));
                    int gapMs = (Integer) req.getField(req.getDescriptorForType().findFieldByName("gap_ms"));
                    if (gapMs == 0) {
                        for (int i = 0; i < count; i++) out.onNext(stockEvent(event, i));
                        out.onCompleted();
                        return;
                    }
                    // the first event at once, each next one gap_ms later, without holding a handler thread
                    for (int i = 0; i < count; i++) {
                        int level = i;
                        later.schedule(() -> {
                            synchronized (out) {
                                out.onNext(stockEvent(event, level));
                                if (level == count - 1) out.onCompleted();
                            }
                        }, (long) i * gapMs, TimeUnit.MILLISECONDS);
                    }
                }))
                .build();
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).executor(handlers)
                .addService(io.grpc.ServerInterceptors.intercept(def, new io.grpc.ServerInterceptor() {
                    @Override
                    public <Q, A> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, A> call,
                            io.grpc.Metadata headers, io.grpc.ServerCallHandler<Q, A> next) {
                        lastMetadata.set(headers);
                        return next.startCall(call, headers);
                    }
                })).addService(io.grpc.ServerInterceptors.intercept(ProtoReflectionServiceV1.newInstance(),
                        new io.grpc.ServerInterceptor() {
                            @Override
                            public <Q, A> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, A> call,
                                    io.grpc.Metadata headers, io.grpc.ServerCallHandler<Q, A> next) {
                                reflections.incrementAndGet();
                                return next.startCall(call, headers);
                            }
                        })).build().start();
    }

    private static MethodDescriptor<DynamicMessage, DynamicMessage> method(Descriptors.MethodDescriptor m,
                                                                          MethodDescriptor.MethodType type) {
        return MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder().setType(type)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(m.getService().getFullName(), m.getName()))
                .setRequestMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(m.getInputType())))
                .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(m.getOutputType())))
                .build();
    }

    private static DynamicMessage stockEvent(Descriptors.Descriptor event, long level) {
        return DynamicMessage.newBuilder(event).setField(event.findFieldByName("level"), level).build();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        handlers.shutdownNow();
        later.shutdownNow();
    }
}
