package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Template;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The message a call carries is the message its JSON template says, whether {@link GrpcMessage} splices it
 * ({@link GrpcSplice}: placeholders in top-level string fields) or parses the JSON per call (any other shape): each
 * call's bytes, parsed back with the method's input type from the test .proto, equal protobuf's own JSON parse of the
 * same template for the same request.
 */
class GrpcSpliceTest {
    private static final Map<String, String> ENV = Map.of("WAREHOUSE", "north");

    private static Descriptors.Descriptor reserveRequest() throws Exception {
        return GrpcSchema.fromProto(GrpcTestServer.PROTO, List.of()).method(GrpcTestServer.RESERVE).getInputType();
    }

    @Test
    void placeholdersInTopLevelStringFieldsAreSplicedIntoTheSameMessage() throws Exception {
        Descriptors.Descriptor type = reserveRequest();
        String json = "{ \"sku\": \"sku-${seq}\", \"quantity\": 3, \"labels\": {\"zone\": \"${env.WAREHOUSE}\"},"
                + " \"note\" : \"n${seq}\", \"warehouse\": \"${env.WAREHOUSE}-${seq}\", \"lines\": [{\"sku\": \"a\", \"count\": 2}] }";
        assertThat(GrpcSplice.of(json, type, List.of(), env(), context(1), GrpcMessage.viaJson(template(json), type, context(1))))
                .as("this template is spliced").isNotNull();
        assertSameMessagesAsJson(json, type);
    }

    @Test
    void aJsonNameIsSplicedAndAnEmptyOptionalStringStaysOnTheWire() throws Exception {
        Descriptors.Descriptor type = reserveRequest();
        // "note" is proto3 optional: "" is a value that is present; "sku" is not: "" is its default, absent
        String json = "{\"note\":\"${env.EMPTY}\",\"sku\":\"${seq}\",\"warehouseId\":\"7\"}";
        assertSameMessagesAsJson(json, type);
        DynamicMessage m = DynamicMessage.parseFrom(type, compile(json, type).encode(context(2)));
        assertThat(m.hasField(type.findFieldByName("note"))).isTrue();
        assertThat(m.getField(type.findFieldByName("sku"))).isEqualTo("2");
    }

    @Test
    void otherShapesGoThroughJsonAndStillCarryTheirMessage() throws Exception {
        Descriptors.Descriptor type = reserveRequest();
        for (String json : List.of("{\"quantity\": ${seq}}", "{\"lines\": [{\"sku\": \"l-${seq}\"}]}",
                "{\"labels\": {\"k\": \"${seq}\"}}", "{\"sku\": \"a\\u0041${seq}\"}", "{\"warehouseId\": \"${seq}\"}")) {
            assertThat(GrpcSplice.of(json, type, List.of(), env(), context(1), GrpcMessage.viaJson(template(json), type, context(1))))
                    .as(json).isNull();
            assertSameMessagesAsJson(json, type);
        }
    }

    /** Calls 1..50 of {@code json}, each compared with protobuf's JSON parse of the same call. */
    private static void assertSameMessagesAsJson(String json, Descriptors.Descriptor type) throws Exception {
        GrpcMessage message = compile(json, type);
        Template t = template(json);
        for (int seq = 1; seq <= 50; seq++) {
            DynamicMessage sent = DynamicMessage.parseFrom(type, message.encode(context(seq)));
            DynamicMessage expected = DynamicMessage.parseFrom(type, GrpcMessage.viaJson(t, type, context(seq)));
            assertThat(sent).as("%s, call %d", json, seq).isEqualTo(expected);
        }
    }

    private static GrpcMessage compile(String json, Descriptors.Descriptor type) throws Exception {
        return GrpcMessage.compile(json, type, List.of(), env(), new RequestContext(1, null));
    }

    private static java.util.function.UnaryOperator<String> env() {
        return name -> name.equals("EMPTY") ? "" : ENV.get(name);
    }

    private static Template template(String json) throws Template.Invalid {
        return Template.compile(json, List.of(), env());
    }

    /** A request context at call {@code seq}. */
    private static RequestContext context(int seq) {
        RequestContext c = new RequestContext(1, null);
        for (int i = 0; i < seq; i++) c.next();
        return c;
    }
}
