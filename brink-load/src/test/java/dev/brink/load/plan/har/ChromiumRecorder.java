package dev.brink.load.plan.har;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Records a HAR from Debian's headless Chromium: the browser is driven over the Chrome DevTools Protocol (a WebSocket,
 * java.net.http's client), and the HAR is written from the Network domain's events for each request (what the
 * browser sent, what it received, when, and the body it got), as DevTools' own "Save all as HAR" builds it. Chromium
 * itself has no command-line switch that writes a HAR.
 */
final class ChromiumRecorder implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final long WAIT_S = 60;

    private final Process process;
    private final WebSocket ws;
    private final BlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
    private final List<JsonNode> events = new ArrayList<>();
    private int nextId;
    private String session;

    ChromiumRecorder(Path work) throws Exception {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        process = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + profile, "about:blank")
                .redirectErrorStream(true).redirectOutput(work.resolve("chromium.log").toFile()).start();
        Path port = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
        while (!(Files.exists(port) && Files.readAllLines(port).size() >= 2)) {
            if (System.nanoTime() > deadline || !process.isAlive()) throw new AssertionError("chromium did not open its DevTools port: "
                    + Files.readString(work.resolve("chromium.log")));
            Thread.sleep(50);
        }
        List<String> lines = Files.readAllLines(port);
        ws = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + lines.get(0).trim() + lines.get(1).trim()), new WebSocket.Listener() {
                    private final StringBuilder part = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                        part.append(data);
                        if (last) {
                            try {
                                inbox.add(Json.MAPPER.readTree(part.toString()));
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                            part.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }
                }).get(WAIT_S, TimeUnit.SECONDS);
        String target = call("Target.createTarget", Map.of("url", "about:blank")).path("targetId").asText();
        session = call("Target.attachToTarget", Map.of("targetId", target, "flatten", true)).path("sessionId").asText();
        call("Network.enable", Map.of());
        call("Page.enable", Map.of());
    }

    /** Sends one command (to the page once attached) and waits for its answer, keeping the events that came meanwhile. */
    JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = ++nextId;
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("id", id);
        msg.put("method", method);
        msg.put("params", params);
        if (session != null) msg.put("sessionId", session);
        ws.sendText(Json.MAPPER.writeValueAsString(msg), true).get(WAIT_S, TimeUnit.SECONDS);
        while (true) {
            JsonNode m = take();
            if (m.path("id").asInt(-1) == id) {
                if (m.has("error")) throw new AssertionError(method + ": " + m.get("error"));
                return m.path("result");
            }
            events.add(m);
        }
    }

    private JsonNode take() throws InterruptedException {
        JsonNode m = inbox.poll(WAIT_S, TimeUnit.SECONDS);
        if (m == null) throw new AssertionError("no message from chromium in " + WAIT_S + " s");
        return m;
    }

    /** Opens {@code url} and waits until the page has loaded. */
    void open(String url) throws Exception {
        int seen = events.size();
        call("Page.navigate", Map.of("url", url));
        awaitLoad(seen);
    }

    /** Runs {@code js} in the page (a click, a form submit) and waits for the page it leads to. */
    void navigateBy(String js) throws Exception {
        int seen = events.size();
        call("Runtime.evaluate", Map.of("expression", js));
        awaitLoad(seen);
    }

    /** Waits for the page's load event, taking each response's body as soon as it is complete (a next page discards them). */
    private void awaitLoad(int since) throws Exception {
        for (int i = since; ; i++) {
            while (i >= events.size()) events.add(take());
            JsonNode e = events.get(i);
            if (e.path("method").asText().equals("Network.loadingFinished")) body(e.path("params").path("requestId").asText());
            if (e.path("method").asText().equals("Page.loadEventFired")) return;
        }
    }

    private final Map<String, JsonNode> bodies = new LinkedHashMap<>();

    private JsonNode body(String requestId) throws Exception {
        if (!bodies.containsKey(requestId)) {
            try {
                bodies.put(requestId, call("Network.getResponseBody", Map.of("requestId", requestId)));
            } catch (AssertionError gone) {
                bodies.put(requestId, Json.MAPPER.createObjectNode()); // discarded already: recorded without a body
            }
        }
        return bodies.get(requestId);
    }

    /** The HAR 1.2 of every request the page made, in the order sent, with the response bodies. */
    String har() throws Exception {
        Map<String, ObjectNode> byId = new LinkedHashMap<>();
        Map<String, double[]> times = new LinkedHashMap<>(); // monotonic send, wall send (s)
        for (JsonNode e : List.copyOf(events)) {
            JsonNode p = e.path("params");
            String id = p.path("requestId").asText();
            switch (e.path("method").asText()) {
                case "Network.requestWillBeSent" -> {
                    ObjectNode entry = Json.MAPPER.createObjectNode();
                    JsonNode r = p.path("request");
                    entry.put("startedDateTime", Instant.ofEpochMilli(Math.round(p.path("wallTime").asDouble() * 1000)).toString());
                    ObjectNode req = entry.putObject("request");
                    req.put("method", r.path("method").asText());
                    req.put("url", r.path("url").asText());
                    req.put("httpVersion", "HTTP/1.1");
                    req.set("headers", headers(r.path("headers")));
                    if (r.has("postData")) {
                        ObjectNode post = req.putObject("postData");
                        post.put("mimeType", r.path("headers").path("Content-Type").asText(""));
                        post.put("text", r.path("postData").asText());
                    }
                    byId.put(id, entry);
                    times.put(id, new double[] {p.path("timestamp").asDouble(), 0});
                }
                case "Network.responseReceived" -> {
                    ObjectNode entry = byId.get(id);
                    if (entry == null) continue;
                    JsonNode r = p.path("response");
                    ObjectNode res = entry.putObject("response");
                    res.put("status", r.path("status").asInt());
                    res.put("statusText", r.path("statusText").asText(""));
                    res.put("httpVersion", "HTTP/1.1");
                    res.set("headers", headers(r.path("headers")));
                    res.putObject("content").put("mimeType", r.path("mimeType").asText(""));
                }
                case "Network.loadingFinished" -> {
                    ObjectNode entry = byId.get(id);
                    if (entry == null || !entry.has("response")) continue;
                    entry.put("time", Math.max(0, (p.path("timestamp").asDouble() - times.get(id)[0]) * 1000));
                    JsonNode body = body(id);
                    ObjectNode content = (ObjectNode) entry.path("response").path("content");
                    content.put("text", body.path("body").asText());
                    if (body.path("base64Encoded").asBoolean()) content.put("encoding", "base64");
                }
                default -> {
                }
            }
        }
        ObjectNode har = Json.MAPPER.createObjectNode();
        ObjectNode log = har.putObject("log");
        log.put("version", "1.2");
        log.putObject("creator").put("name", "Chromium over the DevTools Protocol").put("version", "headless");
        ArrayNode entries = log.putArray("entries");
        byId.values().stream().filter(e -> e.has("time")).forEach(entries::add);
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(har);
    }

    private static ArrayNode headers(JsonNode h) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        h.fields().forEachRemaining(f -> a.addObject().put("name", f.getKey()).put("value", f.getValue().asText()));
        return a;
    }

    @Override
    public void close() {
        try {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the browser goes anyway
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
