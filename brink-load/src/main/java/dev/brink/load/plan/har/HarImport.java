package dev.brink.load.plan.har;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.load.http.HttpWords;
import dev.brink.load.plan.bind.PlanReader;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plan from a browser recording (HAR 1.2): the recorded requests of one origin in order as one flow of one closed-model
 * user, think time from the recorded gaps, static assets (styles, scripts, images, fonts) skipped and listed, cookies left
 * to the plan's per-user cookie jar, and correlations suggested: a value a response gave that a later request sends back
 * (an id in a link, a CSRF token in a form) becomes an {@code extract} on the step that received it and
 * {@code ${session.NAME}} in the requests that send it. Nothing is dropped silently: every entry left out is listed with why.
 */
public final class HarImport {
    /** Headers a browser adds on its own, or that Brink sets itself (cookies come from the jar, Host from the target). */
    private static final Set<String> BROWSER_HEADERS = Set.of("host", "cookie", "content-length", "connection", "user-agent",
            "accept-encoding", "accept-language", "cache-control", "pragma", "origin", "referer", "upgrade-insecure-requests",
            "if-none-match", "if-modified-since", "dnt", "priority", "keep-alive", "te");
    private static final Pattern STATIC_PATH = Pattern.compile(
            "(?i).*\\.(css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|eot|mp4|webm|mp3|wav)$");
    private static final Pattern INPUT = Pattern.compile("(?is)<input\\b[^>]*>");
    private static final Pattern INPUT_NAME = Pattern.compile("(?is)(?<![\\w-])name\\s*=\\s*[\"']?([^\"'\\s>]+)");
    /** The longest think time taken from a recording: a user who left the tab for an hour is not a think time. */
    private static final long MAX_THINK_MS = 60_000;
    /** Room for quoting within a plan's longest line (escapes may double a recorded text). */
    private static final int MAX_LITERAL = PlanReader.MAX_LINE_CHARS / 3;

    /**
     * @param plan         the plan as YAML text
     * @param skipped      every entry left out, "METHOD URL: why"
     * @param correlations each suggested correlation, "NAME from STEP (source) used by STEP, …"
     */
    public record Result(String plan, int steps, List<String> skipped, List<String> correlations) {
    }

    private record Entry(int index, String method, URI url, long startMs, double timeMs, Map<String, String> headers,
                         String mime, String body, Map<String, String> form, int status, String responseText,
                         String responseMime, boolean http2) {
    }

    /** A value a response gave, how to take it from that response, and its session name. */
    private record Source(String value, String key, String expr, String name) {
    }

    private HarImport() {
    }

    /**
     * @param file          the HAR's name, for errors
     * @param host          keep only requests to this host ("host" or "host:port"); null: the first page's
     * @param includeStatic keep static assets too
     */
    public static Result convert(String text, String file, String host, boolean includeStatic) throws BrinkUserException {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new BrinkUserException(file + (loc == null ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr())
                    + ": expected a HAR file (JSON), " + e.getOriginalMessage());
        }
        JsonNode entries = root == null ? null : root.path("log").get("entries");
        if (entries == null || !entries.isArray()) {
            throw new BrinkUserException(file + ": expected a HAR file: a JSON object with log.entries (a browser's \"Save all as HAR\")");
        }
        List<String> skipped = new ArrayList<>();
        List<Entry> all = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entry(entries.get(i), i, file, skipped);
            if (e != null) all.add(e);
        }
        String origin = host != null ? host : all.stream().filter(e -> e.responseMime.startsWith("text/html")).findFirst()
                .or(() -> all.stream().findFirst()).map(e -> authority(e.url)).orElse(null);
        if (origin == null) throw new BrinkUserException(file + ": no HTTP request in the recording to make a plan of");
        List<Entry> kept = new ArrayList<>();
        URI base = null;
        for (Entry e : all) {
            String why = null;
            if (!authority(e.url).equalsIgnoreCase(origin) && !e.url.getHost().equalsIgnoreCase(origin)) why = "another host (" + authority(e.url) + ")";
            else if (!includeStatic && isStatic(e)) why = "static asset (--include-static keeps them)";
            else if (e.method.equals("OPTIONS")) why = "a CORS preflight the browser sends on its own";
            else if ((e.body != null && e.body.length() > MAX_LITERAL) || e.url.toString().length() > MAX_LITERAL) {
                why = "a body or URL longer than " + MAX_LITERAL + " characters (a plan line holds at most "
                        + PlanReader.MAX_LINE_CHARS + ": write it as a template by hand)";
            }
            if (why != null) {
                skipped.add(e.method + " " + e.url + ": " + why);
                continue;
            }
            if (base == null) base = e.url;
            kept.add(e);
        }
        if (kept.isEmpty()) throw new BrinkUserException(file + ": no request to " + origin + " left to make a plan of (all "
                + all.size() + " were skipped)");
        kept.sort(java.util.Comparator.comparingLong(Entry::startMs).thenComparingInt(Entry::index));
        return write(kept, base, skipped, file);
    }

    private static Entry entry(JsonNode n, int i, String file, List<String> skipped) {
        JsonNode req = n.path("request");
        String method = req.path("method").asText("").toUpperCase(Locale.ROOT);
        String url = req.path("url").asText("");
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException ex) {
            skipped.add("entry " + i + " " + url + ": not a URL");
            return null;
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("(?i)https?") || uri.getHost() == null || !method.matches("[A-Z]{3,7}")) {
            skipped.add("entry " + i + " " + method + " " + url + ": not an HTTP request");
            return null;
        }
        if (!HttpWords.isPlanMethod(method)) {
            skipped.add(method + " " + url + ": a method Brink plans do not send (GET, POST, PUT, DELETE, PATCH, OPTIONS)");
            return null;
        }
        int status = n.path("response").path("status").asInt(0);
        if (status < 100 || status > 599) {
            skipped.add(method + " " + url + ": no HTTP answer was recorded (status " + status + ")");
            return null;
        }
        long start;
        try {
            start = OffsetDateTime.parse(n.path("startedDateTime").asText()).toInstant().toEpochMilli();
        } catch (RuntimeException ex) {
            skipped.add(method + " " + url + ": no startedDateTime");
            return null;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (JsonNode h : req.path("headers")) {
            String name = h.path("name").asText("").toLowerCase(Locale.ROOT);
            if (name.isEmpty() || name.startsWith(":") || name.startsWith("sec-") || BROWSER_HEADERS.contains(name)) continue;
            if (!HttpWords.isHeaderName(name)) {
                skipped.add(method + " " + url + ": header '" + name + "' left out (not a valid HTTP header name)");
                continue;
            }
            headers.put(name, h.path("value").asText(""));
        }
        JsonNode post = req.path("postData");
        String mime = post.path("mimeType").asText("");
        String body = post.has("text") ? post.path("text").asText() : null;
        Map<String, String> form = null;
        if (mime.startsWith("application/x-www-form-urlencoded") && body != null) {
            form = new LinkedHashMap<>();
            for (String pair : body.split("&")) {
                if (pair.isEmpty()) continue;
                int eq = pair.indexOf('=');
                form.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        JsonNode content = n.path("response").path("content");
        String responseText = content.path("encoding").asText("").equals("base64") ? "" : content.path("text").asText("");
        // Chromium writes "h2", Firefox "HTTP/2"; a request answered over HTTP/2 was sent over it
        String version = n.path("response").path("httpVersion").asText(req.path("httpVersion").asText("")).toLowerCase(Locale.ROOT);
        boolean http2 = version.equals("h2") || version.startsWith("http/2");
        return new Entry(i, method, uri, start, Math.max(0, n.path("time").asDouble(0)), headers, mime, body, form, status,
                responseText, content.path("mimeType").asText("").toLowerCase(Locale.ROOT), http2);
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    private static String authority(URI u) {
        return u.getPort() < 0 ? u.getHost() : u.getHost() + ":" + u.getPort();
    }

    private static boolean isStatic(Entry e) {
        String m = e.responseMime;
        return STATIC_PATH.matcher(e.url.getRawPath() == null ? "" : e.url.getRawPath()).matches() || m.startsWith("image/")
                || m.startsWith("font/") || m.startsWith("text/css") || m.contains("javascript") || m.startsWith("video/")
                || m.startsWith("audio/");
    }

    private static Result write(List<Entry> kept, URI base, List<String> skipped, String file) {
        // each step's request as text pieces that correlation may rewrite: path+query, form values, body
        int n = kept.size();
        String[] target = new String[n];
        List<Map<String, String>> forms = new ArrayList<>();
        String[] bodies = new String[n];
        for (int i = 0; i < n; i++) {
            Entry e = kept.get(i);
            target[i] = (e.url.getRawPath() == null || e.url.getRawPath().isEmpty() ? "/" : e.url.getRawPath())
                    + (e.url.getRawQuery() == null ? "" : "?" + e.url.getRawQuery());
            forms.add(e.form == null ? null : new LinkedHashMap<>(e.form));
            bodies[i] = e.form == null ? e.body : null;
        }
        String[] names = stepNames(kept);
        List<Map<String, String>> extracts = new ArrayList<>();
        for (int i = 0; i < n; i++) extracts.add(new LinkedHashMap<>());
        List<String> correlations = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (int j = 1; j < n; j++) {
            for (String token : tokens(target[j], forms.get(j))) {
                if (token.contains("${") || !interesting(token)) continue;
                int from = producer(kept, target, forms, j, token);
                if (from < 0) continue;
                Source s = source(kept.get(from).responseText, token, used);
                if (s == null) continue;
                used.add(s.name);
                extracts.get(from).put(s.name, "{" + s.key + ": " + q(s.expr) + "}");
                List<String> users = new ArrayList<>();
                String ref = "${session." + s.name + "}";
                for (int k = from + 1; k < n; k++) {
                    boolean hit = false;
                    String t = replaceToken(target[k], token, ref);
                    if (!t.equals(target[k])) {
                        target[k] = t;
                        hit = true;
                    }
                    if (forms.get(k) != null) {
                        for (Map.Entry<String, String> f : forms.get(k).entrySet()) {
                            if (f.getValue().equals(token)) {
                                f.setValue(ref);
                                hit = true;
                            }
                        }
                    }
                    if (hit) users.add(names[k]);
                }
                correlations.add(s.name + " = " + s.key + " " + s.expr + " from " + names[from] + ", sent by " + String.join(", ", users));
            }
        }
        StringBuilder y = new StringBuilder();
        y.append("# made by brink import har from ").append(file.replace('\n', ' ')).append(": ").append(n).append(" requests of ")
                .append(authority(base)).append(", ").append(skipped.size()).append(" left out (listed by the command)\n");
        y.append("name: ").append(q(planName(base))).append('\n');
        // an https site the browser spoke HTTP/2 to is loaded over HTTP/2 too (h2 by ALPN), as its users reach it
        boolean https = base.getScheme().equalsIgnoreCase("https");
        boolean h2 = https && kept.stream().filter(Entry::http2).count() * 2 > kept.size();
        if (h2) y.append("# recorded over HTTP/2: loaded over h2 (drop http2 to load over HTTP/1.1)\n");
        y.append("target: {base_url: ").append(q(base.getScheme().toLowerCase(Locale.ROOT) + "://" + authority(base)))
                .append(h2 ? ", http2: true" : "").append("}\n");
        // each step thinks the gap the person left after its answer (0 when the browser sent the next request before
        // this one's answer ended: it did not wait for it); after the last step, before the flow starts again, the
        // user thinks within the range of the recorded gaps
        long[] thinkAfter = new long[n];
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            long gap = kept.get(i).startMs - (kept.get(i - 1).startMs + Math.round(kept.get(i - 1).timeMs));
            thinkAfter[i - 1] = Math.max(0, Math.min(gap, MAX_THINK_MS));
            if (gap > 0) gaps.add(thinkAfter[i - 1]);
        }
        if (gaps.isEmpty()) {
            y.append("users: 1\n");
        } else {
            long min = gaps.stream().mapToLong(Long::longValue).min().orElse(0);
            long max = gaps.stream().mapToLong(Long::longValue).max().orElse(0);
            y.append("users: {count: 1, think: ").append(min == max ? min + "ms" : min + "ms.." + max + "ms").append("}\n");
        }
        y.append("flows:\n  - name: recorded\n    weight: 1\n    steps:\n");
        for (int i = 0; i < n; i++) {
            Entry e = kept.get(i);
            y.append("      - name: ").append(names[i]).append('\n');
            y.append("        request:\n          method: ").append(e.method).append('\n');
            y.append("          path: ").append(q(literal(target[i]))).append('\n');
            Map<String, String> headers = new LinkedHashMap<>(e.headers);
            if (forms.get(i) != null) headers.remove("content-type");
            if (bodies[i] == null) headers.remove("content-type");
            if (!headers.isEmpty()) {
                y.append("          headers: {");
                int h = 0;
                for (Map.Entry<String, String> he : headers.entrySet()) {
                    y.append(h++ == 0 ? "" : ", ").append(q(he.getKey())).append(": ")
                            .append(he.getKey().equals("authorization") ? q("${env.BRINK_AUTHORIZATION}") : q(literal(he.getValue())));
                }
                y.append("}\n");
            }
            if (forms.get(i) != null) {
                y.append("          form: {");
                int h = 0;
                for (Map.Entry<String, String> f : forms.get(i).entrySet()) {
                    y.append(h++ == 0 ? "" : ", ").append(q(literal(f.getKey()))).append(": ")
                            .append(q(f.getValue().startsWith("${session.") ? f.getValue() : literal(f.getValue())));
                }
                y.append("}\n");
            } else if (bodies[i] != null) {
                y.append("          body: ").append(q(literal(bodies[i]))).append('\n');
            }
            y.append("        check: {status: ").append(e.status == 304 ? "200-399" : String.valueOf(e.status)).append("}\n");
            if (i < n - 1 && !gaps.isEmpty()) y.append("        think: ").append(thinkAfter[i]).append("ms\n");
            if (!extracts.get(i).isEmpty()) {
                y.append("        extract:\n");
                extracts.get(i).forEach((k, v) -> y.append("          ").append(k).append(": ").append(v).append('\n'));
            }
        }
        return new Result(y.toString(), n, List.copyOf(skipped), List.copyOf(correlations));
    }

    private static String planName(URI base) {
        String s = base.getHost().replaceAll("[^A-Za-z0-9_.-]", "-");
        return s.isEmpty() ? "recorded" : s;
    }

    /** "get-owners-id", unique: method and the path's words, ids and long tokens shown as "id". */
    private static String[] stepNames(List<Entry> kept) {
        String[] names = new String[kept.size()];
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < names.length; i++) {
            Entry e = kept.get(i);
            StringBuilder b = new StringBuilder(e.method.toLowerCase(Locale.ROOT));
            for (String seg : (e.url.getRawPath() == null ? "" : e.url.getRawPath()).split("/")) {
                if (seg.isEmpty()) continue;
                String w = seg.matches(".*[0-9].*") || seg.length() > 24 ? "id" : seg.replaceAll("[^A-Za-z0-9_.-]", "");
                if (!w.isEmpty()) b.append('-').append(w);
                if (b.length() > 48) break;
            }
            if (b.indexOf("-") < 0) b.append("-root");
            String name = b.toString();
            for (int k = 2; !taken.add(name); k++) name = b + "-" + k;
            names[i] = name;
        }
        return names;
    }

    /** The values a request sends that may have come from a response: path segments, query values, form values. */
    private static List<String> tokens(String target, Map<String, String> form) {
        List<String> out = new ArrayList<>();
        int qm = target.indexOf('?');
        for (String seg : (qm < 0 ? target : target.substring(0, qm)).split("/")) out.add(decode(seg));
        if (qm >= 0) {
            for (String pair : target.substring(qm + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq >= 0) out.add(decode(pair.substring(eq + 1)));
            }
        }
        if (form != null) out.addAll(form.values());
        return out;
    }

    /** Long enough to be an id or a token, not a word of the site's own vocabulary ("new", "edit", "true"). */
    private static boolean interesting(String t) {
        if (t.length() < 3 || t.length() > 512 || t.chars().anyMatch(c -> c < ' ' || c == 0x7f)) return false;
        return t.chars().anyMatch(Character::isDigit) || t.length() >= 16;
    }

    /** The step whose response first held {@code token}, if no request before that response sent it already; else -1. */
    private static int producer(List<Entry> kept, String[] target, List<Map<String, String>> forms, int j, String token) {
        for (int i = 0; i < j; i++) {
            if (tokens(target[i], forms.get(i)).contains(token)) return -1; // the user brought it, not a response
            if (kept.get(i).responseText.contains(token)) return i;
        }
        return -1;
    }

    /** How to take {@code token} from {@code body}: a form field, a JSON value, or a regex on the text around it. */
    private static Source source(String body, String token, Set<String> used) {
        Matcher in = INPUT.matcher(body);
        while (in.find()) {
            Matcher a = INPUT_NAME.matcher(in.group());
            // the plan's extractor takes the first input of a name: right only when that one holds the value
            if (a.find() && token.equals(dev.brink.load.flow.Extractor.formField(body, a.group(1)))) {
                return new Source(token, "form_field", a.group(1), unique(a.group(1), used));
            }
        }
        String path = JsonPaths.find(body, token);
        if (path != null) return new Source(token, "json", path, unique(path.substring(path.lastIndexOf('.') + 1), used));
        int k = -1;
        while ((k = body.indexOf(token, k + 1)) >= 0) {
            boolean left = k == 0 || !Character.isLetterOrDigit(body.charAt(k - 1));
            int end = k + token.length();
            boolean right = end == body.length() || !Character.isLetterOrDigit(body.charAt(end));
            if (!left || !right) continue;
            int from = Math.max(0, k - 20);
            String prefix = body.substring(from, k);
            int nl = Math.max(prefix.lastIndexOf('\n'), prefix.lastIndexOf('\r'));
            prefix = prefix.substring(nl + 1);
            if (prefix.isEmpty()) continue;
            String cls = token.chars().allMatch(Character::isDigit) ? "[0-9]+" : "[A-Za-z0-9_.~-]+";
            if (!token.matches(cls)) return null;
            String regex = Pattern.quote(prefix) + "(" + cls + ")";
            Matcher m = Pattern.compile(regex).matcher(body);
            if (m.find() && m.group(1).equals(token)) {
                String word = prefix.replaceAll("[^A-Za-z]+", " ").trim();
                String last = word.isEmpty() ? "value" : word.substring(word.lastIndexOf(' ') + 1);
                return new Source(token, "regex", regex, unique(last + "Id", used));
            }
            return null;
        }
        return null;
    }

    private static String unique(String raw, Set<String> used) {
        String base = raw.replaceAll("[^A-Za-z0-9_]", "_").replaceFirst("^[^A-Za-z]+", "");
        if (base.isEmpty()) base = "value";
        String name = base;
        for (int k = 2; used.contains(name); k++) name = base + k;
        return name;
    }

    /** {@code target} with each whole path segment or query value equal to {@code token} (as sent) replaced by {@code ref}. */
    private static String replaceToken(String target, String token, String ref) {
        int qm = target.indexOf('?');
        String path = qm < 0 ? target : target.substring(0, qm);
        String[] segs = path.split("/", -1);
        for (int i = 0; i < segs.length; i++) if (decode(segs[i]).equals(token)) segs[i] = ref;
        StringBuilder b = new StringBuilder(String.join("/", segs));
        if (qm >= 0) {
            String[] pairs = target.substring(qm + 1).split("&", -1);
            for (int i = 0; i < pairs.length; i++) {
                int eq = pairs[i].indexOf('=');
                if (eq >= 0 && decode(pairs[i].substring(eq + 1)).equals(token)) pairs[i] = pairs[i].substring(0, eq + 1) + ref;
            }
            b.append('?').append(String.join("&", pairs));
        }
        return b.toString();
    }

    /** Recorded text as a template: a literal "${" is written "$${" (keeping the session references this import put there). */
    private static String literal(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("${session.", i)) {
                int end = s.indexOf('}', i);
                b.append(s, i, end + 1);
                i = end + 1;
            } else if (s.startsWith("${", i)) {
                b.append("$${");
                i += 2;
            } else {
                b.append(s.charAt(i++));
            }
        }
        return b.toString();
    }

    private static String q(String s) {
        return dev.brink.load.plan.PlanText.quote(s);
    }
}
