package dev.brink.cli;

import static dev.brink.cli.HttpCommandTest.brink;
import static dev.brink.load.testing.RawBytesMarshaller.BYTES;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoFileDescriptorSupplier;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.stub.ServerCalls;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink grpc --proto} on an Editions file (grpc-go's route_guide.proto, edition 2023) makes the same calls as
 * {@code brink grpc} with the descriptors the server's reflection gives (the ones protoc wrote for that file): the
 * server keeps every request's bytes, and both runs send the same bytes, with the file's implicit presence (a zero not
 * on the wire) and a nested message present though empty.
 */
class GrpcEditionsTest {
    @TempDir
    static Path dir;
    private static Server server;
    /** The bytes of each request, hex, by method. */
    private static final Set<String> unary = ConcurrentHashMap.newKeySet();
    private static final Set<String> streamed = ConcurrentHashMap.newKeySet();

    /** A route guide of bytes: it answers empty Features (a valid message of any type) and keeps what it was sent. */
    @BeforeAll
    static void start() throws Exception {
        DescriptorProtos.FileDescriptorSet set = DescriptorProtos.FileDescriptorSet.parseFrom(
                GrpcEditionsTest.class.getResourceAsStream("/grpc/route_guide.protoset").readAllBytes());
        Descriptors.FileDescriptor file = Descriptors.FileDescriptor.buildFrom(set.getFile(0), new Descriptors.FileDescriptor[0]);
        Descriptors.ServiceDescriptor svc = file.findServiceByName("RouteGuide");
        MethodDescriptor<byte[], byte[]> get = method("routeguide.RouteGuide/GetFeature", MethodDescriptor.MethodType.UNARY);
        MethodDescriptor<byte[], byte[]> list = method("routeguide.RouteGuide/ListFeatures", MethodDescriptor.MethodType.SERVER_STREAMING);
        ServerServiceDefinition def = ServerServiceDefinition.builder(ServiceDescriptor.newBuilder(svc.getFullName())
                        .setSchemaDescriptor((ProtoFileDescriptorSupplier) () -> file).addMethod(get).addMethod(list).build())
                .addMethod(get, ServerCalls.asyncUnaryCall((req, out) -> {
                    unary.add(HexFormat.of().formatHex(req));
                    out.onNext(new byte[0]);
                    out.onCompleted();
                }))
                .addMethod(list, ServerCalls.asyncServerStreamingCall((req, out) -> {
                    streamed.add(HexFormat.of().formatHex(req));
                    out.onNext(new byte[0]);
                    out.onNext(new byte[0]);
                    out.onCompleted();
                }))
                .build();
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(def)
                .addService(ProtoReflectionServiceV1.newInstance()).build().start();
        Files.write(dir.resolve("route_guide.proto"), GrpcEditionsTest.class.getResourceAsStream("/grpc/route_guide.proto").readAllBytes());
    }

    private static MethodDescriptor<byte[], byte[]> method(String name, MethodDescriptor.MethodType type) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(type).setFullMethodName(name)
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void theProtoFileAndReflectionMakeTheSameCalls() {
        String addr = "127.0.0.1:" + server.getPort();
        String point = "{\"latitude\": 0, \"longitude\": 7}";
        String rectangle = "{\"lo\": {\"latitude\": 0, \"longitude\": 0}, \"hi\": {\"latitude\": 3, \"longitude\": -1}}";
        for (boolean proto : new boolean[] {true, false}) {
            unary.clear();
            streamed.clear();
            for (String[] call : new String[][] {{"routeguide.RouteGuide/GetFeature", point}, {"routeguide.RouteGuide/ListFeatures", rectangle}}) {
                String[] base = {"grpc", addr, "--call", call[0], "-d", call[1], "--users", "1", "--duration", "200ms", "--json"};
                String[] args = proto ? concat(base, "--proto", dir.resolve("route_guide.proto").toString()) : base;
                HttpCommandTest.Run r = brink(args);
                assertThat(r.code()).as(r.err()).isZero();
                assertThat(r.out()).contains("\"errors\" : { }").doesNotContain("\"ok\" : 0,");
            }
            String by = proto ? "--proto" : "reflection";
            // longitude 7 alone: the file's IMPLICIT presence leaves the zero latitude out
            assertThat(unary).as(by).containsExactly("1007");
            // lo present though all its fields are zero (a message field has presence), hi 3 and -1 as int32 varints
            assertThat(streamed).as(by).containsExactly("0a00120d0803" + "10ffffffffffffffffff01");
        }
    }

    @Test
    void anUnknownFeatureIsOneLineNamingWhereAndExit2() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.proto"), Files.readString(dir.resolve("route_guide.proto"))
                .replace("option features.field_presence = IMPLICIT;", "option features.field_presense = IMPLICIT;"));
        HttpCommandTest.Run r = brink("grpc", "127.0.0.1:" + server.getPort(), "--call", "routeguide.RouteGuide/GetFeature",
                "--proto", bad.toString(), "--users", "1", "--duration", "1s");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("brink: " + bad + ":17:8: unknown option \"features.field_presense\" (FeatureSet has no field"
                + " field_presense; protoc refuses it too)\n");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
