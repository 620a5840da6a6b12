package dev.brink.load.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.brink.core.BrinkUserException;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.stub.StreamObserver;
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
 * Asks a server's reflection service (grpc.reflection.v1) for the files that define the services to call
 * and everything they import, before any load. One short-lived channel, one bidirectional stream, one
 * question at a time.
 */
final class GrpcReflection {
    private GrpcReflection() {
    }

    static GrpcSchema load(GrpcTransport transport, List<String> services, Duration timeout)
            throws BrinkUserException, InterruptedException {
        String where = transport.where();
        ManagedChannel ch = transport.builder().build();
        LinkedBlockingQueue<Object> answers = new LinkedBlockingQueue<>();
        StreamObserver<ServerReflectionRequest> out = ServerReflectionGrpc.newStub(ch)
                .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse r) {
                        answers.add(r);
                    }

                    @Override
                    public void onError(Throwable t) {
                        answers.add(t);
                    }

                    @Override
                    public void onCompleted() {
                        answers.add(Status.UNAVAILABLE.withDescription("reflection stream ended early"));
                    }
                });
        try {
            Map<String, DescriptorProtos.FileDescriptorProto> files = new LinkedHashMap<>();
            for (String s : services) {
                ask(out, answers, ServerReflectionRequest.newBuilder().setFileContainingSymbol(s).build(), transport, timeout,
                        s, files);
            }
            Deque<String> missing = new ArrayDeque<>();
            for (DescriptorProtos.FileDescriptorProto f : new ArrayList<>(files.values())) missing.addAll(f.getDependencyList());
            while (!missing.isEmpty()) {
                String dep = missing.pop();
                if (files.containsKey(dep) || dep.startsWith("google/protobuf/")) continue;
                int before = files.size();
                ask(out, answers, ServerReflectionRequest.newBuilder().setFileByFilename(dep).build(), transport, timeout,
                        dep, files);
                if (files.size() == before) continue;
                for (DescriptorProtos.FileDescriptorProto f : files.values()) missing.addAll(f.getDependencyList());
            }
            out.onCompleted();
            return GrpcSchema.fromFiles("the reflection service of " + where, new ArrayList<>(files.values()));
        } finally {
            ch.shutdownNow();
        }
    }

    private static void ask(StreamObserver<ServerReflectionRequest> out, LinkedBlockingQueue<Object> answers,
                            ServerReflectionRequest q, GrpcTransport transport, Duration timeout, String what,
                            Map<String, DescriptorProtos.FileDescriptorProto> files)
            throws BrinkUserException, InterruptedException {
        String where = transport.where();
        out.onNext(q);
        Object a = answers.poll(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        if (a == null) throw new BrinkUserException(where + ": no answer from its reflection service in " + timeout.toSeconds() + " s");
        if (a instanceof Throwable || a instanceof Status) {
            Status st = a instanceof Status s ? s : Status.fromThrowable((Throwable) a);
            if (st.getCode() == Status.Code.UNIMPLEMENTED) {
                throw new BrinkUserException(where + " has no reflection service (grpc.reflection.v1): expected --proto or --protoset");
            }
            if (st.getCode() == Status.Code.UNAVAILABLE || st.getCode() == Status.Code.DEADLINE_EXCEEDED) {
                throw new BrinkUserException(transport.failure(st));
            }
            throw new BrinkUserException(where + ": reflection failed: " + st.getCode() + " " + st.getDescription());
        }
        ServerReflectionResponse r = (ServerReflectionResponse) a;
        if (r.hasErrorResponse()) {
            throw new BrinkUserException("unknown service or file " + what + " at " + where + " (reflection: "
                    + r.getErrorResponse().getErrorMessage() + ")");
        }
        for (ByteString b : r.getFileDescriptorResponse().getFileDescriptorProtoList()) {
            try {
                DescriptorProtos.FileDescriptorProto f = DescriptorProtos.FileDescriptorProto.parseFrom(b);
                files.putIfAbsent(f.getName(), f);
            } catch (InvalidProtocolBufferException e) {
                throw new BrinkUserException(where + ": its reflection service sent a corrupt descriptor: " + e.getMessage());
            }
        }
    }
}
