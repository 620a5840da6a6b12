package dev.brink.load.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Template;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A per-request message template whose placeholders all sit inside top-level JSON strings of singular {@code string}
 * fields ({@code {"name":"user-${seq}"}}, the shape ghz's examples use), encoded without JSON per call: the other fields
 * are encoded once, and each call appends its placeholder fields as protobuf writes them (tag, length, UTF-8 bytes).
 * protobuf's JSON parser, the {@link DynamicMessage} and its serialisation took 15 % of the event loop's CPU at 1000
 * calls/s (perf, 12 s of a run against grpc-go's Greeter), about 20 µs a call; the splice is the template's own write.
 *
 * <p>The bytes are the same message, not always the same bytes: the fields come in another order, which protobuf
 * parsers accept. A call whose value JSON would read differently (a quote, a backslash, a control or non-ASCII byte,
 * which JSON escapes or decodes) returns null and takes the JSON path, as does a template of any other shape
 * ({@link #of} returns null). Single-threaded, as its {@link GrpcMessage}.
 */
final class GrpcSplice {
    private final byte[] constant;
    private final Template[] values;
    private final int[] tags;
    /** proto3 fields without presence: an empty string is the default and not on the wire. */
    private final boolean[] omitEmpty;
    private final ByteBuf out = Unpooled.buffer(256);
    private final ByteBuf value = Unpooled.buffer(64);

    private GrpcSplice(byte[] constant, Template[] values, int[] tags, boolean[] omitEmpty) {
        this.constant = constant;
        this.values = values;
        this.tags = tags;
        this.omitEmpty = omitEmpty;
    }

    /**
     * The splice for {@code json}, or null when the template is not of that shape or the splice did not encode
     * {@code sample}'s message as the JSON path does ({@code viaJson}: that message, for the same sample).
     */
    static GrpcSplice of(String json, Descriptors.Descriptor type, List<String> csvColumns, UnaryOperator<String> env,
                         RequestContext sample, byte[] viaJson) {
        try {
            StringBuilder rest = new StringBuilder("{");
            List<Template> values = new ArrayList<>();
            List<Descriptors.FieldDescriptor> fields = new ArrayList<>();
            int i = skip(json, 0);
            if (i >= json.length() || json.charAt(i) != '{') return null;
            i = skip(json, i + 1);
            while (i < json.length() && json.charAt(i) != '}') {
                int keyStart = i;
                int keyEnd = stringEnd(json, i);
                if (keyEnd < 0) return null;
                String key = json.substring(i + 1, keyEnd);
                if (key.indexOf('\\') >= 0 || key.contains("${")) return null;
                i = skip(json, keyEnd + 1);
                if (i >= json.length() || json.charAt(i) != ':') return null;
                int start = skip(json, i + 1);
                int end = valueEnd(json, start);
                if (end < 0) return null;
                String v = json.substring(start, end);
                if (GrpcMessage.perRequest(v)) {
                    Descriptors.FieldDescriptor f = field(type, key);
                    if (f == null || v.charAt(0) != '"' || v.indexOf('\\') >= 0) return null;
                    values.add(Template.compile(v.substring(1, v.length() - 1), csvColumns, env));
                    fields.add(f);
                } else {
                    if (rest.length() > 1) rest.append(',');
                    rest.append(json, keyStart, end);
                }
                i = skip(json, end);
                if (i < json.length() && json.charAt(i) == ',') i = skip(json, i + 1);
                else if (i >= json.length() || json.charAt(i) != '}') return null;
            }
            if (values.isEmpty() || skip(json, i + 1) != json.length()) return null;
            rest.append('}');
            // the constant fields as the JSON path encodes them (an ${env.…} in them is filled here, once)
            byte[] constant = GrpcMessage.viaJson(Template.compile(rest.toString(), csvColumns, env), type, sample);
            int n = values.size();
            int[] tags = new int[n];
            boolean[] omit = new boolean[n];
            for (int k = 0; k < n; k++) {
                tags[k] = fields.get(k).getNumber() << 3 | 2;
                omit[k] = !fields.get(k).hasPresence();
            }
            GrpcSplice s = new GrpcSplice(constant, values.toArray(new Template[0]), tags, omit);
            byte[] mine = s.encode(sample);
            if (mine == null || !DynamicMessage.parseFrom(type, mine).equals(DynamicMessage.parseFrom(type, viaJson))) return null;
            return s;
        } catch (Template.Invalid | GrpcMessage.Invalid | InvalidProtocolBufferException | RuntimeException e) {
            return null; // the JSON path says what is wrong, if anything is
        }
    }

    /** This call's message, or null when a value must go through JSON (see the class comment). */
    byte[] encode(RequestContext ctx) {
        out.clear();
        out.writeBytes(constant);
        for (int k = 0; k < values.length; k++) {
            value.clear();
            values[k].write(value, ctx);
            int n = value.readableBytes();
            for (int j = 0; j < n; j++) {
                byte b = value.getByte(j);
                if (b < 0x20 || b == '"' || b == '\\') return null; // negative: non-ASCII, which JSON decodes as UTF-8
            }
            if (n == 0 && omitEmpty[k]) continue;
            varint(out, tags[k]);
            varint(out, n);
            out.writeBytes(value, 0, n);
        }
        byte[] b = new byte[out.readableBytes()];
        out.readBytes(b);
        return b;
    }

    private static void varint(ByteBuf b, int v) {
        while ((v & ~0x7F) != 0) {
            b.writeByte(v & 0x7F | 0x80);
            v >>>= 7;
        }
        b.writeByte(v);
    }

    /** The singular string field JSON names {@code key} (its proto name or JSON name), or null. */
    private static Descriptors.FieldDescriptor field(Descriptors.Descriptor type, String key) {
        for (Descriptors.FieldDescriptor f : type.getFields()) {
            if ((f.getName().equals(key) || f.getJsonName().equals(key)) && !f.isRepeated()
                    && f.getType() == Descriptors.FieldDescriptor.Type.STRING) {
                return f;
            }
        }
        return null;
    }

    private static int skip(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    /** The index of the quote closing the JSON string at {@code i}, or -1. */
    private static int stringEnd(String s, int i) {
        if (i >= s.length() || s.charAt(i) != '"') return -1;
        for (int j = i + 1; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '\\') j++;
            else if (c == '"') return j;
        }
        return -1;
    }

    /** The end (exclusive) of the JSON value at {@code i}: a string, or anything up to a comma or brace at its depth. */
    private static int valueEnd(String s, int i) {
        if (i < s.length() && s.charAt(i) == '"') {
            int e = stringEnd(s, i);
            return e < 0 ? -1 : e + 1;
        }
        int depth = 0;
        for (int j = i; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '"') {
                j = stringEnd(s, j);
                if (j < 0) return -1;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (depth == 0) return j == i ? -1 : trimEnd(s, i, j);
                depth--;
            } else if (c == ',' && depth == 0) {
                return j == i ? -1 : trimEnd(s, i, j);
            }
        }
        return -1;
    }

    private static int trimEnd(String s, int from, int to) {
        while (to > from && Character.isWhitespace(s.charAt(to - 1))) to--;
        return to;
    }
}
