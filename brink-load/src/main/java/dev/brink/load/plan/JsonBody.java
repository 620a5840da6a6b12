package dev.brink.load.plan;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.netty.buffer.ByteBuf;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code json: {name: "${csv.name}", age: 3, tags: [a, b]}}: a JSON body written from the plan's YAML tree. The
 * tree is turned into one body template when the plan is read: keys and literal text are JSON-escaped then, and a
 * CSV, session or environment value is escaped as it is written ({@link dev.brink.load.engine.Template.Field#JSON}), so a quote in it
 * stays data. A YAML number or boolean written without quotes is a JSON literal; a string that is one numeric
 * generator alone ({@code "${seq}"}, {@code "${random.int(1,9)}"}, {@code "${random.decimal(1,9)}"}) is written
 * bare, as a JSON number; every other string is a JSON string.
 */
public final class JsonBody {
    private static final Pattern NUMERIC_GENERATOR = Pattern.compile("\\$\\{\\s*(seq|random\\.(int|decimal)\\([^}]*\\))\\s*}");
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private JsonBody() {
    }

    /** The body template of {@code tree}: maps, lists, strings (templates), {@link BigDecimal}s, booleans, null. */
    static String template(Object tree) {
        StringBuilder sb = new StringBuilder();
        write(sb, tree);
        return sb.toString();
    }

    /** A YAML literal's text as a JSON value: a number or boolean when it is one in JSON's own syntax, else null. */
    public static Object literal(String text) {
        if (text.equals("true") || text.equals("false")) return Boolean.valueOf(text);
        return JSON_NUMBER.matcher(text).matches() ? new BigDecimal(text) : null;
    }

    private static void write(StringBuilder sb, Object v) {
        if (v instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) sb.append(',');
                first = false;
                sb.append('"').append(escape(String.valueOf(e.getKey())).replace("${", "$${")).append("\":");
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) sb.append(',');
                write(sb, l.get(i));
            }
            sb.append(']');
        } else if (v instanceof String s) {
            if (NUMERIC_GENERATOR.matcher(s).matches()) sb.append(s);
            else sb.append('"').append(FormBody.outsidePlaceholders(s, JsonBody::escape)).append('"');
        } else if (v instanceof BigDecimal d) {
            sb.append(d.toString());
        } else {
            sb.append(v); // Boolean or null
        }
    }

    public static String escape(String text) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(text));
    }

    /** Writes {@code value} (UTF-8) escaped for the inside of a JSON string: quote, backslash, control characters. Allocation-free. */
    public static void writeEscaped(ByteBuf buf, byte[] value) {
        for (byte b : value) {
            if (b == '"' || b == '\\') {
                buf.writeByte('\\');
                buf.writeByte(b);
            } else if (b >= 0 && b < 0x20) {
                buf.writeByte('\\');
                buf.writeByte('u');
                buf.writeByte('0');
                buf.writeByte('0');
                buf.writeByte(HEX[b >> 4]);
                buf.writeByte(HEX[b & 0xF]);
            } else {
                buf.writeByte(b);
            }
        }
    }
}
