package dev.brink.load.plan;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * {@code form: {firstName: "${csv.first}", _csrf: "${session.csrf}"}}: an application/x-www-form-urlencoded
 * body. Names and the literal text of values are percent-encoded here, once; placeholders stay placeholders and
 * their values are encoded as they are written ({@link dev.brink.load.engine.Template.Field#FORM}), so what a user types in a form
 * field reaches the server as typed, '&' and '=' included.
 */
public final class FormBody {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private FormBody() {
    }

    /** The body template for {@code fields} (name → value template), in their order. */
    static String template(Map<String, String> fields) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            if (sb.length() > 0) sb.append('&');
            sb.append(encodeLiteral(f.getKey())).append('=').append(encodeOutsidePlaceholders(f.getValue()));
        }
        return sb.toString();
    }

    private static String encodeOutsidePlaceholders(String value) {
        return outsidePlaceholders(value, FormBody::encodeLiteral);
    }

    /**
     * {@code value} (a template) with {@code encode} applied to its literal text only: placeholders stay as they
     * are, and a literal {@code ${} (written {@code $${}) is encoded as the text it stands for, then kept literal.
     */
    static String outsidePlaceholders(String value, java.util.function.UnaryOperator<String> encode) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("$${", i)) {
                out.append(encode.apply("${").replace("${", "$${"));
                i += 3;
            } else if (value.startsWith("${", i) && value.indexOf('}', i) > 0) {
                int end = value.indexOf('}', i);
                out.append(value, i, end + 1);
                i = end + 1;
            } else {
                int next = value.indexOf('$', i + 1);
                int stop = next < 0 ? value.length() : next;
                out.append(encode.apply(value.substring(i, stop)).replace("${", "$${"));
                i = stop;
            }
        }
        return out.toString();
    }

    private static String encodeLiteral(String text) {
        StringBuilder sb = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            if (unreserved(b)) {
                sb.append((char) b);
            } else {
                sb.append('%').append((char) HEX[(b >> 4) & 0xF]).append((char) HEX[b & 0xF]);
            }
        }
        return sb.toString();
    }

    /** Writes {@code value} percent-encoded: every byte outside RFC 3986's unreserved set as %XX. Allocation-free. */
    public static void writeEncoded(ByteBuf buf, byte[] value) {
        for (byte b : value) {
            if (unreserved(b)) {
                buf.writeByte(b);
            } else {
                buf.writeByte('%');
                buf.writeByte(HEX[(b >> 4) & 0xF]);
                buf.writeByte(HEX[b & 0xF]);
            }
        }
    }

    private static boolean unreserved(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '.' || b == '_' || b == '~';
    }
}
