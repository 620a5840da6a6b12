package dev.brink.sample.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.sample.grpc.proto.GetOrderRequest;
import dev.brink.sample.grpc.proto.Line;
import dev.brink.sample.grpc.proto.ListOrdersRequest;
import dev.brink.sample.grpc.proto.OrderReply;
import dev.brink.sample.grpc.proto.OrdersGrpc;
import dev.brink.sample.grpc.proto.PlaceOrderRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The order service over a real channel on 127.0.0.1: the three calls, the stream, the errors; a small ring. */
class OrdersServiceTest {
    @Test
    void placesGetsAndStreamsOrders_refusesBadOnes() throws Exception {
        Server server = OrderServer.start(Map.of("port", "0", "recent-orders", "50", "note-bytes", "64", "receipt-bytes", "256"));
        ManagedChannel ch = ManagedChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
        try {
            OrdersGrpc.OrdersBlockingStub stub = OrdersGrpc.newBlockingStub(ch).withDeadlineAfter(30, TimeUnit.SECONDS);
            OrderReply placed = stub.placeOrder(PlaceOrderRequest.newBuilder().setCustomer("ada").setNote("by noon")
                    .addLines(Line.newBuilder().setSku("tea").setQuantity(3).setUnitCents(250))
                    .addLines(Line.newBuilder().setSku("cup").setQuantity(1).setUnitCents(900)).build());
            assertThat(placed.getTotalCents()).isEqualTo(3 * 250 + 900);
            assertThat(placed.getLines()).isEqualTo(2);
            assertThat(placed.getId()).as("after the 50 warm orders").isEqualTo(51);
            assertThat(stub.getOrder(GetOrderRequest.newBuilder().setId(placed.getId()).build()).getCustomer()).isEqualTo("ada");

            List<OrderReply> streamed = new ArrayList<>();
            stub.listOrders(ListOrdersRequest.newBuilder().setLimit(5).build()).forEachRemaining(streamed::add);
            assertThat(streamed).extracting(OrderReply::getId).containsExactly(51L, 50L, 49L, 48L, 47L);
            List<OrderReply> ada = new ArrayList<>();
            stub.listOrders(ListOrdersRequest.newBuilder().setCustomer("ada").setLimit(5).build()).forEachRemaining(ada::add);
            assertThat(ada).extracting(OrderReply::getId).containsExactly(51L);

            // the ring keeps 50: order 1 has left it
            assertThatThrownBy(() -> stub.getOrder(GetOrderRequest.newBuilder().setId(1).build()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
            assertThatThrownBy(() -> stub.placeOrder(PlaceOrderRequest.newBuilder().setCustomer("bob")
                    .addLines(Line.newBuilder().setSku("tea").setQuantity(0)).build()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
        } finally {
            ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
