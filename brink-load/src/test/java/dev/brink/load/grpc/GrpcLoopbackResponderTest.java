package dev.brink.load.grpc;

import static dev.brink.load.testing.RawBytesMarshaller.BYTES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's gRPC responder, spoken to by grpc-java's client (not Brink's, which the warm-up compiles against it):
 * what it answers is gRPC as a real client reads it, plaintext and on TLS, so the warm-up warms the ok path.
 */
class GrpcLoopbackResponderTest {
    private static final GrpcSchema SCHEMA = schema();

    @Test
    void answersUnaryAndStreamingCallsWithMessagesOfTheirOutputTypesInPlaintext() throws Exception {
        callsAreAnswered(false);
    }

    @Test
    void answersTheSameOnTlsByAlpn() throws Exception {
        callsAreAnswered(true);
    }

    private static void callsAreAnswered(boolean tls) throws Exception {
        Descriptors.MethodDescriptor reserve = SCHEMA.method(GrpcTestServer.RESERVE);
        Descriptors.MethodDescriptor watch = SCHEMA.method(GrpcTestServer.WATCH);
        try (GrpcLoopbackResponder responder = new GrpcLoopbackResponder(List.of(reserve, watch), tls)) {
            ManagedChannel ch = channel(responder.port(), tls);
            try {
                byte[] reply = ClientCalls.blockingUnaryCall(ch, grpc(reserve, MethodDescriptor.MethodType.UNARY),
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]);
                DynamicMessage r = DynamicMessage.parseFrom(reserve.getOutputType(), reply);
                assertThat(r.getField(reserve.getOutputType().findFieldByName("reservation"))).isEqualTo("ok");

                List<byte[]> events = new ArrayList<>();
                ClientCalls.blockingServerStreamingCall(ch, grpc(watch, MethodDescriptor.MethodType.SERVER_STREAMING),
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]).forEachRemaining(events::add);
                assertThat(events).hasSize(GrpcLoopbackResponder.STREAM_MESSAGES);
                DynamicMessage e = DynamicMessage.parseFrom(watch.getOutputType(), events.get(0));
                assertThat(e.getField(watch.getOutputType().findFieldByName("level"))).isEqualTo(1L);

                // a method the plan does not call: refused as a gRPC server refuses it, not answered as if it were
                MethodDescriptor<byte[], byte[]> other = MethodDescriptor.<byte[], byte[]>newBuilder()
                        .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("shop.inventory.v1.Inventory/Other")
                        .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
                assertThatThrownBy(() -> ClientCalls.blockingUnaryCall(ch, other,
                        CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]))
                        .isInstanceOfSatisfying(StatusRuntimeException.class,
                                x -> assertThat(x.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED));
            } finally {
                ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }

    private static ManagedChannel channel(int port, boolean tls) throws IOException {
        NettyChannelBuilder b = NettyChannelBuilder.forAddress("127.0.0.1", port);
        if (tls) b.sslContext(GrpcSslContexts.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build());
        else b.usePlaintext();
        return b.build();
    }

    private static MethodDescriptor<byte[], byte[]> grpc(Descriptors.MethodDescriptor m, MethodDescriptor.MethodType type) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(type)
                .setFullMethodName(m.getService().getFullName() + "/" + m.getName())
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }

    private static GrpcSchema schema() {
        try {
            return GrpcSchema.fromProto(GrpcPlanSettingsTest.DIR.resolve("inventory.proto"), List.of());
        } catch (dev.brink.core.BrinkUserException e) {
            throw new AssertionError(e);
        }
    }
}
