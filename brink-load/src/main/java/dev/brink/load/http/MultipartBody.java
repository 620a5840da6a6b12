package dev.brink.load.http;

import dev.brink.load.engine.Ascii;
import dev.brink.load.engine.Template;
import dev.brink.load.plan.Plan;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * {@code multipart: {title: "${csv.title}", photo: {file: cat.jpg, content_type: image/jpeg}}}: a
 * multipart/form-data body (RFC 7578). The boundary is chosen when the plan is read, from a hash of the parts,
 * and checked against every file's bytes, so the same plan always sends the same framing and plan.yaml as run
 * reads back to the same request. A field's value is a template written as it is (a part is framed by its
 * boundary, not by escaping); a file's bytes are read once, when the plan is read.
 */
public final class MultipartBody {
    private static final byte[] CRLF = Ascii.bytes("\r\n");

    private MultipartBody() {
    }

    /** The boundary for {@code parts}: "brink-" and 24 hex digits, found in none of the files. */
    public static String boundary(List<Plan.Request.Part> parts) {
        long h = 1125899906842597L;
        for (Plan.Request.Part p : parts) {
            h = 31 * h + p.name().hashCode();
            h = 31 * h + (p.value() != null ? p.value().hashCode() : Arrays.hashCode(p.content()));
        }
        for (long salt = 0; ; salt++) {
            long a = mix(h + salt);
            String b = "brink-" + String.format("%016x", a) + String.format("%08x", (int) mix(a));
            byte[] bb = b.getBytes(StandardCharsets.US_ASCII);
            if (parts.stream().noneMatch(p -> p.content() != null && contains(p.content(), bb))) return b;
        }
    }

    /** The Content-Type header value of a body with {@code boundary}. */
    public static String contentType(String boundary) {
        return "multipart/form-data; boundary=" + boundary;
    }

    /** The boundary a Content-Type header names, or null. */
    public static String boundaryOf(List<Plan.Header> headers) {
        for (Plan.Header h : headers) {
            if (!h.name().equalsIgnoreCase("content-type")) continue;
            int at = h.value().indexOf("boundary=");
            return at < 0 ? null : h.value().substring(at + 9).trim();
        }
        return null;
    }

    /** The body as one template; field values compiled for {@link Template.Field#BODY}. */
    static Template template(String boundary, List<Plan.Request.Part> parts, List<String> columns, UnaryOperator<String> env,
                             Set<String> session) throws Template.Invalid {
        List<Object> pieces = new ArrayList<>();
        for (Plan.Request.Part p : parts) {
            StringBuilder head = new StringBuilder("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"")
                    .append(p.name()).append('"');
            if (p.file() != null) {
                head.append("; filename=\"").append(p.filename()).append("\"\r\nContent-Type: ").append(p.contentType());
            }
            head.append("\r\n\r\n");
            pieces.add(head.toString().getBytes(StandardCharsets.UTF_8));
            pieces.add(p.file() != null ? p.content() : Template.compile(p.value(), columns, env, Template.Field.BODY, session));
            pieces.add(CRLF);
        }
        pieces.add(Ascii.bytes("--" + boundary + "--\r\n"));
        return Template.join("multipart", pieces);
    }

    private static long mix(long z) { // SplitMix64's finaliser: a well-spread 64-bit value from any seed
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return true;
        }
        return false;
    }
}
