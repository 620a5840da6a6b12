package dev.brink.load.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Template;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One operation's request message: a JSON template (the same {@code ${…}} placeholders and CSV columns as
 * HTTP bodies) turned into protobuf bytes for the method's input type. A template without per-request
 * placeholders is encoded once at compile time, so such calls cost no protobuf work at all; one whose
 * placeholders all sit in top-level string fields is spliced ({@link GrpcSplice}: the constant fields encoded once,
 * the placeholder fields appended per call); otherwise each call fills the template and goes through
 * {@link JsonFormat} into a {@link DynamicMessage} (the JSON parse allocates: the price of taking messages as JSON,
 * which is what users write and what ghz takes).
 * Single-threaded per {@link RequestContext}.
 */
final class GrpcMessage {
    private static final JsonFormat.Parser JSON = JsonFormat.parser();

    private final Descriptors.Descriptor type;
    private final Template template; // null when the message is constant
    private final byte[] constant;
    private final GrpcSplice splice; // null: each call goes through JSON
    private final ByteBuf scratch = Unpooled.buffer(256);

    private GrpcMessage(Descriptors.Descriptor type, Template template, byte[] constant, GrpcSplice splice) {
        this.type = type;
        this.template = template;
        this.constant = constant;
        this.splice = splice;
    }

    /**
     * Compiles {@code json} for {@code type}; checks it once with sample values, so an unknown field or a
     * value of the wrong type is found before any load.
     * @throws Invalid what is wrong, naming the field when protobuf does
     */
    static GrpcMessage compile(String json, Descriptors.Descriptor type, List<String> csvColumns,
                               UnaryOperator<String> env, RequestContext sample) throws Invalid {
        Template t;
        try {
            t = Template.compile(json == null || json.isBlank() ? "{}" : json, csvColumns, env);
        } catch (Template.Invalid e) {
            throw new Invalid("expected " + e.getMessage() + " at character " + e.offset);
        }
        sample.next();
        byte[] first = viaJson(t, type, sample);
        if (!perRequest(json)) return new GrpcMessage(type, null, first, null);
        return new GrpcMessage(type, t, null, GrpcSplice.of(json, type, csvColumns, env, sample, first));
    }

    /** True when the template has placeholders filled per request ({@code ${env.…}} is filled once). */
    static boolean perRequest(String json) {
        if (json == null) return false;
        String s = json.replace("$${", "").replaceAll("\\$\\{\\s*env\\.[^}]*}", "");
        return s.contains("${");
    }

    /** The message's protobuf bytes for this request; {@code ctx.next()} has been called for it. */
    byte[] encode(RequestContext ctx) {
        if (constant != null) return constant;
        if (splice != null) {
            byte[] b = splice.encode(ctx);
            if (b != null) return b;
        }
        try {
            return encodeTemplate(ctx);
        } catch (Invalid e) {
            // a value from a generator or the CSV that does not fit the field: this request cannot be sent
            return null;
        }
    }

    private byte[] encodeTemplate(RequestContext ctx) throws Invalid {
        scratch.clear();
        return encode(template, type, ctx, scratch);
    }

    /** {@code template}'s message for {@code ctx} through protobuf's JSON parser, as every call without a splice. */
    static byte[] viaJson(Template template, Descriptors.Descriptor type, RequestContext ctx) throws Invalid {
        return encode(template, type, ctx, Unpooled.buffer(256));
    }

    private static byte[] encode(Template template, Descriptors.Descriptor type, RequestContext ctx, ByteBuf scratch) throws Invalid {
        template.write(scratch, ctx);
        String text = scratch.toString(StandardCharsets.UTF_8);
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        try {
            JSON.merge(text, b);
        } catch (InvalidProtocolBufferException e) {
            throw new Invalid("expected " + type.getFullName() + " as JSON, " + reason(e));
        }
        return b.build().toByteArray();
    }

    /**
     * protobuf's JSON parser passes Gson's failures on as their text, "java.io.EOFException: End of input at line 1
     * column 25 path $.latitude; See https://…": what the user needs is the part after the class names, without the
     * link to Gson's own troubleshooting page.
     */
    static String reason(InvalidProtocolBufferException e) {
        String m = String.valueOf(e.getMessage());
        for (int colon = m.indexOf(": "); colon > 0 && isClassName(m, colon); colon = m.indexOf(": ")) {
            m = m.substring(colon + 2);
        }
        int see = m.indexOf("See https://"); // on a line of its own after Gson's message
        if (see >= 0) m = m.substring(0, see).strip();
        if (m.endsWith(";")) m = m.substring(0, m.length() - 1);
        return m.isEmpty() ? "got something else" : "got: " + m;
    }

    /** Whether {@code m} up to {@code end} is a qualified class name such as {@code com.google.gson.JsonSyntaxException}. */
    private static boolean isClassName(String m, int end) {
        boolean dot = false;
        for (int i = 0; i < end; i++) {
            char c = m.charAt(i);
            if (c == '.') dot = true;
            else if (!Character.isJavaIdentifierPart(c)) return false;
        }
        return dot;
    }

    /** A message template that does not fit its protobuf type. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }
}
