package dev.brink.sample.grpc;

import dev.brink.sample.grpc.proto.GetOrderRequest;
import dev.brink.sample.grpc.proto.Line;
import dev.brink.sample.grpc.proto.ListOrdersRequest;
import dev.brink.sample.grpc.proto.OrderReply;
import dev.brink.sample.grpc.proto.OrdersGrpc;
import dev.brink.sample.grpc.proto.PlaceOrderRequest;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;

/**
 * The three calls of orders.proto. Every handler runs on the server's bounded worker pool and first waits for
 * its (simulated) downstream call: {@code handlerDelayMs}, a few ms normally, tens with the slow-handlers defect,
 * which makes the worker pool the service's limit (report 004's gateway waited on Dubbo services).
 * PlaceOrder also renders a receipt ({@code receiptBytes} of short-lived garbage) and keeps the order in
 * {@link RecentOrders}.
 */
final class OrdersService extends OrdersGrpc.OrdersImplBase {
    private static final int MAX_LIST = 100;

    private final RecentOrders recent;
    private final long handlerDelayMs;
    private final int noteBytes;
    private final int receiptBytes;

    OrdersService(RecentOrders recent, long handlerDelayMs, int noteBytes, int receiptBytes) {
        this.recent = recent;
        this.handlerDelayMs = handlerDelayMs;
        this.noteBytes = noteBytes;
        this.receiptBytes = receiptBytes;
    }

    @Override
    public void placeOrder(PlaceOrderRequest req, StreamObserver<OrderReply> out) {
        downstream();
        if (req.getCustomer().isEmpty()) {
            out.onError(Status.INVALID_ARGUMENT.withDescription("customer is empty").asRuntimeException());
            return;
        }
        long total = 0;
        for (Line l : req.getLinesList()) {
            if (l.getQuantity() < 1) {
                out.onError(Status.INVALID_ARGUMENT.withDescription("quantity < 1 for " + l.getSku()).asRuntimeException());
                return;
            }
            total += l.getQuantity() * l.getUnitCents();
        }
        byte[] note = new byte[noteBytes];
        byte[] text = req.getNote().getBytes(StandardCharsets.UTF_8);
        System.arraycopy(text, 0, note, 0, Math.min(text.length, note.length));
        RecentOrders.Order o = recent.add(req.getCustomer(), total, req.getLinesCount(), note);
        renderReceipt(o);
        out.onNext(reply(o, "PLACED"));
        out.onCompleted();
    }

    @Override
    public void getOrder(GetOrderRequest req, StreamObserver<OrderReply> out) {
        downstream();
        RecentOrders.Order o = recent.get(req.getId());
        if (o == null) {
            out.onError(Status.NOT_FOUND.withDescription("order " + req.getId() + " is not among the recent ones").asRuntimeException());
            return;
        }
        out.onNext(reply(o, "PLACED"));
        out.onCompleted();
    }

    /** Newest first: walks back from the newest id, at most {@code limit} (≤ 100) messages. */
    @Override
    public void listOrders(ListOrdersRequest req, StreamObserver<OrderReply> out) {
        downstream();
        int limit = req.getLimit() <= 0 ? 10 : Math.min(req.getLimit(), MAX_LIST);
        long id = recent.newestId();
        for (int sent = 0; sent < limit && id > 0 && recent.newestId() - id < recent.capacity(); id--) {
            RecentOrders.Order o = recent.get(id);
            if (o != null && (req.getCustomer().isEmpty() || req.getCustomer().equals(o.customer()))) {
                out.onNext(reply(o, "PLACED"));
                sent++;
            }
        }
        out.onCompleted();
    }

    private static OrderReply reply(RecentOrders.Order o, String status) {
        return OrderReply.newBuilder().setId(o.id()).setCustomer(o.customer()).setTotalCents(o.totalCents())
                .setLines(o.lines()).setStatus(status).build();
    }

    /** The receipt a real service would print or mail: built and thrown away, as such text usually is. */
    private void renderReceipt(RecentOrders.Order o) {
        StringBuilder sb = new StringBuilder(receiptBytes);
        while (sb.length() < receiptBytes) {
            sb.append("order ").append(o.id()).append(" for ").append(o.customer()).append(": ").append(o.totalCents()).append(" cents\n");
        }
        if (sb.toString().hashCode() == 42) {
            System.out.print(""); // keeps the JIT from dropping the work
        }
    }

    private void downstream() {
        if (handlerDelayMs <= 0) return;
        try {
            Thread.sleep(handlerDelayMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
