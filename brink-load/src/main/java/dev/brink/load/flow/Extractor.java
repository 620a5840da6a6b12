package dev.brink.load.flow;

import dev.brink.load.plan.Plan;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One compiled {@code extract:} entry: takes one value out of a {@link CapturedResponse}. A value that is not
 * there is null, never an empty string: the caller counts {@code extract-failed} and ends the user's flow, so
 * a later request never goes out with a hole where an id should be. Immutable, thread-safe.
 */
public final class Extractor {
    /** An input element; its attributes are read apart, in any order, quoted with ' or ". */
    private static final Pattern INPUT = Pattern.compile("<input\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_:][-A-Za-z0-9_:.]*)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s\"'>]+))");

    private final Plan.Extract spec;
    private final Pattern regex;
    private final JsonPath json;

    public Extractor(Plan.Extract spec) {
        this.spec = new Plan.Extract(spec.name().intern(), spec.from(), spec.expression());
        this.regex = spec.from() == Plan.Extract.Source.REGEX ? Pattern.compile(spec.expression()) : null;
        this.json = spec.from() == Plan.Extract.Source.JSON ? JsonPath.compile(spec.expression()) : null;
        // load and link the parsing classes now, on the engine's opening thread: a first JSON parse costs
        // hundreds of ms of class loading, which on the event loop would stall every user's first requests
        apply(WARM_UP);
    }

    private static final byte[] SAMPLE = "HTTP/1.1 200 OK\r\nSet-Cookie: a=b\r\n\r\n{\"a\":[1]}"
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    private static final CapturedResponse WARM_UP = CapturedResponse.parse(SAMPLE, SAMPLE.length);

    /** The session value's name ({@code ${session.NAME}}). */
    public String name() {
        return spec.name();
    }

    /** The value, or null when the response does not hold it. */
    public String apply(CapturedResponse r) {
        return switch (spec.from()) {
            case JSON -> r.json() == null ? null : json.read(r.json());
            case REGEX -> {
                Matcher m = regex.matcher(r.bodyText());
                yield m.find() ? (m.groupCount() == 1 ? m.group(1) : m.group()) : null;
            }
            case HEADER -> r.header(spec.expression());
            case COOKIE -> cookie(r, spec.expression());
            case FORM_FIELD -> formField(r.bodyText(), spec.expression());
        };
    }

    /** The value a response's Set-Cookie gives {@code name}, or null. */
    static String cookie(CapturedResponse r, String name) {
        for (String set : r.headers("set-cookie")) {
            String[] nv = Cookies.nameValue(set);
            if (nv != null && nv[0].equals(name)) return nv[1];
        }
        return null;
    }

    /**
     * The value of the first {@code <input name="NAME" value="…">} in an HTML page (a CSRF token, a hidden id).
     * HTML entities in the value are decoded for the common five, which is what template engines escape.
     */
    public static String formField(String html, String name) {
        Matcher input = INPUT.matcher(html);
        while (input.find()) {
            String fieldName = null;
            String value = null;
            Matcher a = ATTRIBUTE.matcher(input.group());
            while (a.find()) {
                String v = a.group(2) != null ? a.group(2) : a.group(3) != null ? a.group(3) : a.group(4);
                String attr = a.group(1).toLowerCase(Locale.ROOT);
                if (attr.equals("name")) fieldName = v;
                else if (attr.equals("value")) value = v;
            }
            if (name.equals(fieldName)) return value == null ? "" : unescape(value);
        }
        return null;
    }

    private static String unescape(String v) {
        if (v.indexOf('&') < 0) return v;
        return v.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
