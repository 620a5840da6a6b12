package dev.brink.load.grpc;

import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.Protocol;
import dev.brink.load.plan.Plan;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * gRPC over grpc-java's Netty transport, on the load loop's own event loop: channels are built with that
 * loop as their event loop group and a direct executor, so call callbacks arrive on the loop's thread and
 * the loop stays lock-free (a callback from another thread, a deadline timer's, hops onto the loop).
 *
 * <p>A link is a call slot: it carries one call at a time, so the loop's connection limit is the limit of
 * calls in flight. Under policy {@code shared} every slot rides one of {@code channels} HTTP/2 connections
 * (round-robin, multiplexed); {@code per-user} gives each slot its own connection; {@code per-call} opens a
 * connection for each call and closes it after, as the JMeter plugins of field report 004 did, which
 * leaves a TIME_WAIT socket per call and so exhausts ephemeral ports.
 */
final class GrpcProtocol implements Protocol {
    /** Responses are counted, not decoded: the bytes are skipped, every message is this one object. */
    static final Object RESPONSE = new Object();
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            throw new UnsupportedOperationException("requests are only sent");
        }
    };
    private static final MethodDescriptor.Marshaller<Object> SKIP = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(Object value) {
            throw new UnsupportedOperationException("responses are only received");
        }

        @Override
        public Object parse(InputStream stream) {
            try (stream) {
                stream.skip(Long.MAX_VALUE);
            } catch (IOException e) {
                // the message is gone either way; the call's status says whether it failed
            }
            return RESPONSE;
        }
    };

    private final GrpcTransport transport;
    private final EventLoopGroup group;
    private final Class<? extends Channel> channelType;
    final String policy;
    private final Duration deadline;
    private final MethodDescriptor<byte[], Object>[] methods; // by operation index
    private final GrpcMessage[] messages;
    private final Metadata[] metadata;
    private final ManagedChannel[] shared;
    final GrpcStreams streams;
    private int next;

    @SuppressWarnings("unchecked")
    GrpcProtocol(GrpcTransport transport, EventLoopGroup group, Class<? extends Channel> channelType, Plan.Grpc settings,
                 com.google.protobuf.Descriptors.MethodDescriptor[] methods, GrpcMessage[] messages, Metadata[] metadata,
                 String[] names) {
        this.transport = transport;
        this.group = group;
        this.channelType = channelType;
        this.policy = settings.policy();
        this.deadline = settings.deadline();
        this.methods = new MethodDescriptor[methods.length];
        boolean[] streaming = new boolean[methods.length];
        for (int i = 0; i < methods.length; i++) {
            com.google.protobuf.Descriptors.MethodDescriptor m = methods[i];
            streaming[i] = m.isServerStreaming();
            this.methods[i] = MethodDescriptor.<byte[], Object>newBuilder()
                    .setType(m.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING : MethodDescriptor.MethodType.UNARY)
                    .setFullMethodName(MethodDescriptor.generateFullMethodName(m.getService().getFullName(), m.getName()))
                    .setRequestMarshaller(BYTES)
                    .setResponseMarshaller(SKIP)
                    .build();
        }
        this.streams = new GrpcStreams(names, streaming);
        this.messages = messages;
        this.metadata = metadata;
        this.shared = new ManagedChannel[policy.equals("shared") ? settings.channels() : 0];
        for (int i = 0; i < shared.length; i++) shared[i] = newChannel();
    }

    /**
     * A channel on the loop's group. Without retries: grpc-java otherwise wraps every call in a RetriableStream that
     * buffers what the call sends so it can replay it (transparent retry), work and garbage on each call of a generator
     * that sends every call once; and a call the transport refused is then counted as the error it was
     * (grpc-UNAVAILABLE), not sent again in secret with a longer latency.
     */
    ManagedChannel newChannel() {
        return transport.builder()
                .eventLoopGroup(group)
                .channelType(channelType)
                .directExecutor()
                .disableRetry()
                .build();
    }

    MethodDescriptor<byte[], Object> method(int op) {
        return methods[op];
    }

    GrpcMessage message(int op) {
        return messages[op];
    }

    /** Fresh per call: grpc-java adds its own headers to the object it is given. */
    Metadata metadata(int op) {
        Metadata m = new Metadata();
        m.merge(metadata[op]);
        return m;
    }

    CallOptions callOptions() {
        return deadline == null ? CallOptions.DEFAULT
                : CallOptions.DEFAULT.withDeadlineAfter(deadline.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void open(LoadLoop loop) {
        ManagedChannel ch = switch (policy) {
            case "shared" -> shared[next++ % shared.length];
            case "per-user" -> newChannel();
            default -> null; // per-call: each call opens its own
        };
        GrpcLink link = new GrpcLink(loop, this, ch, !policy.equals("shared"));
        // not from inside open(): the loop is in the middle of its own bookkeeping
        loop.eventLoop().execute(() -> loop.opened(link));
    }

    /** Per-call channels opened and not yet shut down: one connection each. Event loop only. */
    int perCallOpen;

    /**
     * Shared: the channels (HTTP/2 connections every call slot rides on); per-user: a channel per slot; per-call: the
     * calls' own channels still open.
     */
    @Override
    public int connections(int links) {
        return switch (policy) {
            case "shared" -> links == 0 ? 0 : Math.min(links, shared.length);
            case "per-user" -> links;
            default -> perCallOpen;
        };
    }

    @Override
    public java.util.List<dev.brink.core.evidence.StreamTimingLine> takeStreamTimings(String step) {
        return streams.take(step);
    }

    @Override
    public void close() {
        for (ManagedChannel c : shared) c.shutdownNow();
    }
}
