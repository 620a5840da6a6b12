package dev.brink.load;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small stateful web application on 127.0.0.1 (JDK HttpServer) shaped like a real one, for flow tests: a
 * login page sets a session cookie and renders a form with a CSRF token, a search returns JSON with ids it
 * made up, an owner page answers only for ids it handed out, and adding a pet needs the session's cookie and
 * its CSRF token. It counts what it saw, so a test proves the ids and tokens came from its own responses.
 */
final class ScenarioServer implements AutoCloseable {
    private final LoopbackHttpServer server;
    private final Map<String, String> csrfBySession = new ConcurrentHashMap<>();
    private final Set<Long> issuedIds = ConcurrentHashMap.newKeySet();
    private final AtomicLong nextId = new AtomicLong(1000);
    private final AtomicLong nextSession = new AtomicLong();
    final AtomicInteger logins = new AtomicInteger();
    final AtomicInteger searches = new AtomicInteger();
    final AtomicInteger ownerPagesForIssuedIds = new AtomicInteger();
    final AtomicInteger ownerPagesForUnknownIds = new AtomicInteger();
    final AtomicInteger petsAdded = new AtomicInteger();
    final AtomicInteger rejected = new AtomicInteger(); // missing cookie, wrong CSRF token, unknown id
    final Map<String, AtomicInteger> hitsByPath = new ConcurrentHashMap<>();

    ScenarioServer() throws IOException {
        server = new LoopbackHttpServer(2, this::handle);
    }

    String url() {
        return server.url();
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            hitsByPath.computeIfAbsent(path.replaceAll("[0-9]+", "N"), k -> new AtomicInteger()).incrementAndGet();
            String session = cookie(x, "SID");
            if (path.equals("/login")) {
                String sid = "s" + nextSession.incrementAndGet();
                String token = "t-" + Long.toHexString(System.nanoTime()) + "-" + sid;
                csrfBySession.put(sid, token);
                logins.incrementAndGet();
                x.getResponseHeaders().add("Set-Cookie", "SID=" + sid + "; Path=/; HttpOnly");
                x.getResponseHeaders().add("Set-Cookie", "theme=dark; Max-Age=3600");
                send(x, 200, "text/html", "<html><body><form method=\"post\" action=\"/owners\">\n"
                        + "<input type=\"text\" name=\"name\" value=\"\">\n"
                        + "<input value='" + token + "' type=\"hidden\" name='_csrf' />\n</form></body></html>");
            } else if (path.equals("/owners")) {
                if (session == null || !csrfBySession.containsKey(session)) {
                    rejected.incrementAndGet();
                    send(x, 401, "text/plain", "log in first");
                    return;
                }
                searches.incrementAndGet();
                long id = nextId.incrementAndGet();
                issuedIds.add(id);
                String lastName = query(x).getOrDefault("lastName", "?");
                // chunked on purpose (length 0): extraction must read a de-chunked body
                send(x, 200, "application/json", "{\"owners\":[{\"id\":" + id + ",\"lastName\":\"" + lastName + "\"},{\"id\":1,\"lastName\":\"decoy\"}]}", true);
            } else if (path.matches("/owners/[0-9]+")) {
                long id = Long.parseLong(path.substring(8));
                if (issuedIds.contains(id)) {
                    ownerPagesForIssuedIds.incrementAndGet();
                    send(x, 200, "text/html", "<h1>Owner " + id + "</h1>");
                } else {
                    ownerPagesForUnknownIds.incrementAndGet();
                    send(x, 404, "text/plain", "no such owner");
                }
            } else if (path.matches("/owners/[0-9]+/pets") && x.getRequestMethod().equals("POST")) {
                long id = Long.parseLong(path.substring(8, path.indexOf("/pets")));
                Map<String, String> form = parse(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                boolean ok = session != null && form.get("_csrf") != null && form.get("_csrf").equals(csrfBySession.get(session))
                        && issuedIds.contains(id) && form.get("name") != null && form.get("name").startsWith("rex & co ")
                        && "application/x-www-form-urlencoded".equals(x.getRequestHeaders().getFirst("Content-Type"));
                if (!ok) {
                    rejected.incrementAndGet();
                    send(x, 403, "text/plain", "forbidden");
                    return;
                }
                petsAdded.incrementAndGet();
                x.getResponseHeaders().add("Location", "/owners/" + id);
                send(x, 302, "text/plain", "");
            } else {
                send(x, 404, "text/plain", "not found");
            }
        }
    }

    private static String cookie(HttpExchange x, String name) {
        String h = x.getRequestHeaders().getFirst("Cookie");
        if (h == null) return null;
        for (String part : h.split(";")) {
            String[] nv = part.trim().split("=", 2);
            if (nv.length == 2 && nv[0].equals(name)) return nv[1];
        }
        return null;
    }

    private static Map<String, String> query(HttpExchange x) {
        String q = x.getRequestURI().getRawQuery();
        return q == null ? Map.of() : parse(q);
    }

    private static Map<String, String> parse(String urlEncoded) {
        Map<String, String> m = new HashMap<>();
        for (String kv : urlEncoded.split("&")) {
            String[] p = kv.split("=", 2);
            if (p.length == 2) m.put(URLDecoder.decode(p[0], StandardCharsets.UTF_8), URLDecoder.decode(p[1], StandardCharsets.UTF_8));
        }
        return m;
    }

    private static void send(HttpExchange x, int status, String type, String body) throws IOException {
        send(x, status, type, body, false);
    }

    private static void send(HttpExchange x, int status, String type, String body, boolean chunked) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(status, chunked ? 0 : b.length == 0 ? -1 : b.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
