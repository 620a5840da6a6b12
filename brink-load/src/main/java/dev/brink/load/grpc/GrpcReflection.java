package dev.brink.load.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.ErrorKind;
import dev.brink.load.http.H2Connection;
import dev.brink.load.http.H2Slot;
import dev.brink.load.http.HttpConnector;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Asks a server's reflection service (grpc.reflection.v1) for the files that define the services to call and
 * everything they import, before any load, on Brink's own HTTP/2 client ({@link H2Connection}, as the calls are
 * made): one short-lived connection, one question per stream of the ServerReflectionInfo method (a request message
 * and the end of the stream; the server answers it and ends the stream), one question at a time. Not grpc-java's
 * channel: that loaded some 570 io.grpc classes and its own threads into every run without --proto, for a handful of
 * messages. The questions and answers are the service's generated protobuf messages.
 */
final class GrpcReflection {
    private static final String METHOD = "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo";

    private GrpcReflection() {
    }

    static GrpcSchema load(GrpcTransport transport, List<String> services, Duration timeout)
            throws BrinkUserException, InterruptedException {
        String where = transport.where();
        NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-reflection", true));
        try {
            Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            HttpConnector connector = new HttpConnector(b, new InetSocketAddress(transport.host, transport.port), transport.tls, timeout);
            Asker asker = new Asker(GrpcHead.block(transport.tls(), METHOD, transport.authority(), timeout, List.of()));
            asker.connect(transport, connector, timeout);
            Map<String, DescriptorProtos.FileDescriptorProto> files = new LinkedHashMap<>();
            for (String s : services) {
                ask(asker, ServerReflectionRequest.newBuilder().setFileContainingSymbol(s).build(), transport, timeout, s, files);
            }
            Deque<String> missing = new ArrayDeque<>();
            for (DescriptorProtos.FileDescriptorProto f : new ArrayList<>(files.values())) missing.addAll(f.getDependencyList());
            while (!missing.isEmpty()) {
                String dep = missing.pop();
                if (files.containsKey(dep) || dep.startsWith("google/protobuf/")) continue;
                int before = files.size();
                ask(asker, ServerReflectionRequest.newBuilder().setFileByFilename(dep).build(), transport, timeout, dep, files);
                if (files.size() == before) continue;
                for (DescriptorProtos.FileDescriptorProto f : files.values()) missing.addAll(f.getDependencyList());
            }
            return GrpcSchema.fromFiles("the reflection service of " + where, new ArrayList<>(files.values()));
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static void ask(Asker asker, ServerReflectionRequest q, GrpcTransport transport, Duration timeout, String what,
                            Map<String, DescriptorProtos.FileDescriptorProto> files)
            throws BrinkUserException, InterruptedException {
        String where = transport.where();
        Answer a = asker.ask(q.toByteArray(), timeout);
        if (a == null) throw new BrinkUserException(where + ": no answer from its reflection service in " + timeout.toSeconds() + " s");
        if (a.code() == GrpcCodes.UNIMPLEMENTED) {
            throw new BrinkUserException(where + " has no reflection service (grpc.reflection.v1): expected --proto or --protoset");
        }
        if (a.code() == GrpcCodes.UNAVAILABLE) {
            throw new BrinkUserException(transport.failure(asker.closedBy(), "the connection closed during reflection", false));
        }
        if (a.code() != GrpcCodes.OK || a.message() == null) {
            throw new BrinkUserException(where + ": reflection failed: grpc-status " + a.code()
                    + (a.why() == null ? "" : " " + a.why()));
        }
        ServerReflectionResponse r;
        try {
            r = ServerReflectionResponse.parseFrom(a.message());
        } catch (InvalidProtocolBufferException e) {
            throw new BrinkUserException(where + ": its reflection service sent a corrupt answer: " + e.getMessage());
        }
        if (r.hasErrorResponse()) {
            throw new BrinkUserException("unknown service or file " + what + " at " + where + " (reflection: "
                    + r.getErrorResponse().getErrorMessage() + ")");
        }
        for (ByteString bytes : r.getFileDescriptorResponse().getFileDescriptorProtoList()) {
            try {
                DescriptorProtos.FileDescriptorProto f = DescriptorProtos.FileDescriptorProto.parseFrom(bytes);
                files.putIfAbsent(f.getName(), f);
            } catch (InvalidProtocolBufferException e) {
                throw new BrinkUserException(where + ": its reflection service sent a corrupt descriptor: " + e.getMessage());
            }
        }
    }

    /** One question's outcome: the call's gRPC code, its grpc-message, its first message's bytes (null if none). */
    private record Answer(int code, String why, byte[] message) {
    }

    /**
     * The connection and the one stream in flight, on the connection's event loop; {@link #ask} and {@link #connect}
     * wait on the caller's thread for what the loop puts in {@link #events}.
     */
    private static final class Asker implements H2Connection.Owner, H2Slot {
        private static final Object READY = new Object();
        private static final Object CLOSED = new Object();
        private final ByteBuf head;
        private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
        private volatile H2Connection conn;
        // the question in flight (event loop)
        private int stream;
        private boolean headersReceived;
        private int code;
        private String why;
        private ByteBuf body;

        Asker(ByteBuf head) {
            this.head = head;
        }

        /**
         * Opens the connection and waits for the server's SETTINGS; a failure is one line, as the probe's. The HTTP/2
         * handler goes in through {@link HttpConnector#open(java.util.function.Consumer)}, in the loop's task that sees
         * the connection ready: added from another thread, the server's SETTINGS could be read into a pipeline without
         * it and lost, and its next frame then taken for a bad preface (seen about one start in six on a loaded core
         * with a small heap).
         */
        void connect(GrpcTransport transport, HttpConnector connector, Duration timeout) throws BrinkUserException, InterruptedException {
            HttpConnector.Opening o = connector.open(done -> {
                if (!done.ready().isSuccess() || transport.tls() && !ApplicationProtocolNames.HTTP_2.equals(done.ready().getNow())) {
                    events.add(CLOSED);
                    return;
                }
                H2Connection c = new H2Connection(done.channel(), this, false, transport.tls());
                conn = c;
                c.attach(this);
                c.start();
            });
            Object e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (e == READY) return;
            o.channel().close().await();
            throw transport.unreachable(o, e != null, closedBy(), timeout);
        }

        /** What closed the connection, when an exception did. */
        Throwable closedBy() {
            H2Connection c = conn;
            return c == null ? null : c.cause();
        }

        /** Sends {@code question} on a stream of its own and waits for the stream's end; null when none came in time. */
        Answer ask(byte[] question, Duration timeout) throws InterruptedException {
            ByteBuf data = Unpooled.buffer(5 + question.length).writeByte(0).writeInt(question.length).writeBytes(question);
            conn.channel().eventLoop().execute(() -> {
                stream = conn.newStream(this);
                headersReceived = false;
                code = GrpcCodes.NONE;
                why = null;
                body = Unpooled.buffer();
                if (stream == 0 || !conn.send(stream, head, data)) {
                    stream = 0;
                    events.add(new Answer(GrpcCodes.UNAVAILABLE, null, null));
                }
            });
            Object e = events.poll(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            while (e == READY) e = events.poll(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            if (e == CLOSED) return new Answer(GrpcCodes.UNAVAILABLE, null, null);
            return (Answer) e;
        }

        private void end(int endCode) {
            stream = 0;
            byte[] message = null;
            // the first length-prefixed message: reflection answers one question with one message
            if (body != null && body.readableBytes() >= 5) {
                int n = body.getInt(body.readerIndex() + 1);
                if (n >= 0 && body.readableBytes() >= 5 + n) {
                    message = new byte[n];
                    body.getBytes(body.readerIndex() + 5, message);
                }
            }
            events.add(new Answer(endCode, why, message));
        }

        @Override
        public void connectionReady(H2Connection c) {
            events.add(READY);
        }

        @Override
        public void slotsChanged() {
        }

        @Override
        public void connectionClosed(H2Connection c) {
            events.add(CLOSED);
        }

        @Override
        public int stream() {
            return stream;
        }

        @Override
        public boolean headers(Http2Headers h, boolean endOfStream) {
            if (!headersReceived) {
                int status = GrpcCodes.httpStatus(h);
                if (status >= 100 && status < 200) return false;
                if (endOfStream) {
                    int invalid = GrpcCodes.ofHeaders(h);
                    code = invalid != GrpcCodes.NONE ? invalid : GrpcCodes.ofTrailers(h, false);
                    why = message(h);
                    return true;
                }
                headersReceived = true;
                code = GrpcCodes.ofHeaders(h); // NONE for a gRPC answer
                return true;
            }
            if (endOfStream && code == GrpcCodes.NONE) {
                code = GrpcCodes.ofTrailers(h, true);
                why = message(h);
            }
            return true;
        }

        private static String message(Http2Headers h) {
            CharSequence m = h.get("grpc-message");
            return m == null ? null : m.toString();
        }

        @Override
        public void data(ByteBuf data) {
            if (body != null && body.readableBytes() < 64 << 20) body.writeBytes(data, data.readerIndex(), data.readableBytes());
        }

        @Override
        public void ended() {
            end(code == GrpcCodes.NONE ? GrpcCodes.INTERNAL : code);
        }

        @Override
        public void reset(long errorCode) {
            end(GrpcCodes.ofH2Error(errorCode));
        }

        @Override
        public void malformed() {
            end(GrpcCodes.INTERNAL);
        }

        @Override
        public void lost(ErrorKind kind) {
            end(GrpcCodes.UNAVAILABLE);
        }

        @Override
        public void retireIfIdle() {
        }

        @Override
        public void connectionClosed() {
        }
    }
}
