package dev.brink.load.plan.har;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.load.http.HttpWords;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The entries of a HAR 1.2 recording as they were written by browsers (Chromium, Firefox, Safari, WebPageTest),
 * proxies (Charles, mitmproxy) and API tools (Insomnia, k6's converter): a request may have no recorded answer (a
 * request the browser cancelled, a tool that records requests only), no start time, a body as text or as form
 * {@code params}, and an answer that redirects ({@code redirectURL}, or a Location header). A JSON file of another
 * tool's format is one line naming what it is instead.
 */
final class HarReader {
    /** Headers a browser adds on its own, or that Brink sets itself (cookies come from the jar, Host from the target). */
    private static final Set<String> BROWSER_HEADERS = Set.of("host", "cookie", "content-length", "connection", "user-agent",
            "accept-encoding", "accept-language", "cache-control", "pragma", "origin", "referer", "upgrade-insecure-requests",
            "if-none-match", "if-modified-since", "dnt", "priority", "keep-alive", "te");

    /**
     * One recorded exchange. {@code status} 0: no answer was recorded; {@code startMs} -1: no start time;
     * {@code location}: where a redirect pointed, resolved against the request's URL (null when none).
     */
    record Entry(int index, String method, URI url, long startMs, double timeMs, Map<String, String> headers, String mime,
                 String body, Map<String, String> form, int status, String responseText, String responseMime, boolean http2,
                 URI location, String page) {
        boolean answered() {
            return status > 0;
        }

        boolean redirect() {
            return status >= 300 && status < 400 && status != 304 && location != null;
        }
    }

    private HarReader() {
    }

    /** The entries, in the recording's order; every entry that is no HTTP request Brink sends is added to {@code skipped}. */
    static List<Entry> read(String text, String file, List<String> skipped) throws BrinkUserException {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new BrinkUserException(file + (loc == null ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr())
                    + ": expected a HAR file (JSON), " + e.getOriginalMessage());
        }
        JsonNode entries = root == null ? null : root.path("log").get("entries");
        if (entries == null || !entries.isArray()) throw new BrinkUserException(file + ": expected a HAR file: a JSON object with log.entries"
                + " (a browser's \"Save all as HAR\")" + otherFormat(root));
        Map<String, String> titles = new LinkedHashMap<>();
        for (JsonNode p : root.path("log").path("pages")) titles.put(p.path("id").asText(""), p.path("title").asText(""));
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode n = entries.get(i);
            if (!n.path("request").isObject()) {
                throw new BrinkUserException(file + ": log.entries[" + i + "]: expected a HAR entry with a request object, got "
                        + (n.isObject() ? "keys " + new TreeSet<>(keys(n)) : n.getNodeType().toString().toLowerCase(Locale.ROOT)));
            }
            Entry e = entry(n, i, skipped, titles);
            if (e != null) out.add(e);
        }
        return out;
    }

    /** What a JSON file that is no HAR looks like it is, from its top-level keys. */
    private static String otherFormat(JsonNode root) {
        if (root == null || !root.isObject()) return ", got " + (root == null ? "nothing" : "a JSON " + root.getNodeType().toString().toLowerCase(Locale.ROOT));
        List<String> k = keys(root);
        String guess = k.contains("info") && k.contains("item") ? " (a Postman collection?)"
                : k.contains("resources") && k.contains("__export_format") ? " (an Insomnia export?)"
                : k.contains("log") ? " (log has no entries list)" : "";
        return ", got a JSON object with keys " + new TreeSet<>(k) + guess;
    }

    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext() && out.size() < 8; ) out.add(it.next());
        return out;
    }

    private static Entry entry(JsonNode n, int i, List<String> skipped, Map<String, String> titles) {
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
        JsonNode response = n.path("response");
        int status = response.path("status").asInt(0);
        if (status < 100 || status > 599) status = 0; // cancelled in the browser, or a tool that records requests only
        long start = -1;
        if (n.hasNonNull("startedDateTime")) {
            try {
                start = OffsetDateTime.parse(n.path("startedDateTime").asText()).toInstant().toEpochMilli();
            } catch (RuntimeException ex) {
                skipped.add(method + " " + url + ": startedDateTime '" + n.path("startedDateTime").asText() + "' is no ISO 8601 time");
                return null;
            }
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
        String body = post.hasNonNull("text") ? post.path("text").asText() : null;
        Map<String, String> form = null;
        if (mime.startsWith("application/x-www-form-urlencoded") && body != null && !body.isEmpty()) {
            form = new LinkedHashMap<>();
            for (String pair : body.split("&")) {
                if (pair.isEmpty()) continue;
                int eq = pair.indexOf('=');
                form.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        } else if (body == null && post.path("params").isArray() && !post.path("params").isEmpty()) {
            // a form recorded as its fields (HAR 1.2 allows either), each as it was sent: URL-encoded (the plan's form
            // encodes them again when it sends them)
            form = new LinkedHashMap<>();
            for (JsonNode p : post.path("params")) {
                if (p.hasNonNull("fileName")) {
                    skipped.add(method + " " + url + ": a file upload (" + p.path("fileName").asText() + ") recorded without its bytes");
                    return null;
                }
                form.put(decode(p.path("name").asText("")), decode(p.path("value").asText("")));
            }
        }
        JsonNode content = response.path("content");
        String responseText = content.path("encoding").asText("").equals("base64") ? "" : content.path("text").asText("");
        // Chromium writes "h2", Firefox "HTTP/2", mitmproxy "http/2.0"; a request answered over HTTP/2 was sent over it
        String version = response.path("httpVersion").asText(req.path("httpVersion").asText("")).toLowerCase(Locale.ROOT);
        boolean http2 = version.equals("h2") || version.startsWith("http/2");
        String page = titles.getOrDefault(n.path("pageref").asText(""), n.path("pageref").asText(""));
        return new Entry(i, method, uri, start, Math.max(0, n.path("time").asDouble(0)), headers, mime, body, form, status,
                responseText, content.path("mimeType").asText("").toLowerCase(Locale.ROOT), http2, location(uri, response), page);
    }

    /** Where a redirect points: {@code redirectURL}, else the Location header; relative to the request, as browsers resolve it. */
    private static URI location(URI request, JsonNode response) {
        String to = response.path("redirectURL").asText("");
        if (to.isEmpty()) {
            for (JsonNode h : response.path("headers")) {
                if (h.path("name").asText("").equalsIgnoreCase("location")) to = h.path("value").asText("");
            }
        }
        if (to.isEmpty()) return null;
        try {
            return request.resolve(URI.create(to.trim()));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
