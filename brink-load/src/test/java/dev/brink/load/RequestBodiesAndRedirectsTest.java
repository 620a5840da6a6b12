package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.brink.core.InputKind;
import dev.brink.core.summary.OperationResult;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Followed redirects, JSON and multipart bodies and a step's own think time, against a real server on 127.0.0.1
 * (JDK HttpServer) that checks what arrives: the cookie a login's redirect set, the owner id its page showed, JSON
 * that parses to what the plan said, the file's bytes inside the multipart body.
 */
class RequestBodiesAndRedirectsTest {
    @TempDir
    Path dir;

    private static final byte[] PHOTO = {(byte) 0x89, 'P', 'N', 'G', 0, '\r', '\n', '-', '-', 7};
    /**
     * A 16 MB file: its request is bigger than what a loopback socket takes at once (a send buffer of at most
     * net.ipv4.tcp_wmem's 4 MiB, and the receiver's queue while the server has not read yet).
     */
    private static final byte[] BIG = new byte[16 << 20];

    static {
        new java.util.Random(7).nextBytes(BIG);
    }

    /** A small site: a login that redirects with a cookie, an owner page, JSON and upload endpoints, a loop, a way out. */
    static final class Site implements AutoCloseable {
        final LoopbackHttpServer server;
        final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
        final AtomicInteger rejected = new AtomicInteger();
        final AtomicInteger goodJson = new AtomicInteger();
        final AtomicInteger goodUploads = new AtomicInteger();
        final AtomicInteger sid = new AtomicInteger();
        final AtomicInteger goodBig = new AtomicInteger();

        Site() throws IOException {
            server = new LoopbackHttpServer(2, this::handle);
        }

        String url() {
            return server.url();
        }

        int hits(String path) {
            AtomicInteger n = hits.get(path);
            return n == null ? 0 : n.get();
        }

        private void handle(HttpExchange x) throws IOException {
            try (x) {
                String path = x.getRequestURI().getPath();
                hits.computeIfAbsent(x.getRequestMethod() + " " + path.replaceAll("[0-9]+", "N"), k -> new AtomicInteger()).incrementAndGet();
                if (path.equals("/big")) sleep(150);
                byte[] body = x.getRequestBody().readAllBytes();
                String cookie = String.valueOf(x.getRequestHeaders().getFirst("Cookie"));
                switch (path) {
                    case "/login" -> {
                        // the owner id the home page will show is the session's: a request with another id is rejected
                        x.getResponseHeaders().add("Set-Cookie", "SID=" + sid.incrementAndGet() + "; Path=/");
                        redirect(x, 302, "/home");
                    }
                    case "/home" -> {
                        if (!cookie.startsWith("SID=")) {
                            rejected.incrementAndGet();
                            send(x, 401, "");
                        } else {
                            send(x, 200, "<p>owner " + (1000 + Integer.parseInt(cookie.substring(4))) + "</p>");
                        }
                    }
                    case "/bye" -> { // the server closes the connection after its redirect: the hop needs a new one
                        x.getResponseHeaders().add("Connection", "close");
                        redirect(x, 303, "after?from=bye");
                    }
                    case "/after" -> send(x, "from=bye".equals(x.getRequestURI().getRawQuery()) ? 200 : 400, "ok");
                    case "/big" -> { // read late: the client's send of the request outgrows the socket's buffers
                        boolean whole = new String(body, StandardCharsets.ISO_8859_1).contains(new String(BIG, StandardCharsets.ISO_8859_1));
                        if (whole) goodBig.incrementAndGet();
                        send(x, whole ? 201 : 400, "");
                    }
                    case "/loop" -> redirect(x, 301, "/loop");
                    case "/away" -> redirect(x, 302, "http://198.51.100.7/elsewhere");
                    case "/upload" -> {
                        String type = x.getRequestHeaders().getFirst("Content-Type");
                        String boundary = type.substring(type.indexOf("boundary=") + 9);
                        String text = new String(body, StandardCharsets.ISO_8859_1);
                        String file = new String(PHOTO, StandardCharsets.ISO_8859_1);
                        boolean good = text.startsWith("--" + boundary + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nt")
                                && text.contains("filename=\"photo.bin\"\r\nContent-Type: image/png\r\n\r\n" + file + "\r\n--" + boundary + "--\r\n");
                        if (good) goodUploads.incrementAndGet();
                        send(x, good ? 201 : 400, "");
                    }
                    default -> {
                        if (path.matches("/owners/[0-9]+/pets") && cookie.equals("SID=" + (Integer.parseInt(path.split("/")[2]) - 1000))) {
                            JsonNode j = new ObjectMapper().readTree(body);
                            boolean good = j.get("name").asText().matches("rex \"[0-9]+\"") && j.get("age").isInt() && j.get("tags").get(0).isNumber();
                            if (good) goodJson.incrementAndGet();
                            send(x, good ? 201 : 400, "");
                        } else {
                            rejected.incrementAndGet();
                            send(x, 404, "");
                        }
                    }
                }
            }
        }

        private static void sleep(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static void redirect(HttpExchange x, int status, String location) throws IOException {
            x.getResponseHeaders().add("Location", location);
            x.sendResponseHeaders(status, -1);
        }

        private static void send(HttpExchange x, int status, String text) throws IOException {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
            if (b.length > 0) x.getResponseBody().write(b);
        }

        @Override
        public void close() {
            server.close();
        }
    }

    private Plan plan(Site site, String flows) throws Exception {
        Files.write(dir.resolve("photo.bin"), PHOTO);
        return PlanReader.parse("name: site\ntarget: {base_url: " + site.url() + "}\nusers: {count: 2}\nflows:\n" + flows, "plan.yaml", dir, n -> null);
    }

    @Test
    void redirectsAreFollowedWithTheirCookiesAndBodiesArriveAsWritten() throws Exception {
        String flows = """
                  - name: visit
                    steps:
                      - name: login
                        request: {method: POST, path: /login, form: {user: ann}, follow_redirects: true}
                        extract: {owner: {regex: "owner ([0-9]+)"}}
                        check: {status: 200}
                      - name: add-pet
                        request: {method: POST, path: "/owners/${session.owner}/pets", json: {name: "rex \\"${seq}\\"", age: 3, tags: ["${seq}"]}}
                        check: {status: 201}
                      - name: upload
                        request: {method: POST, path: /upload, multipart: {title: "t${seq}", photo: {file: photo.bin, content_type: image/png}}}
                        check: {status: 201}
                      - name: bye
                        request: {path: /bye, follow_redirects: 1}
                        check: {status: 200}
                        think: 200ms
                """;
        try (Site site = new Site()) {
            Plan p = plan(site, flows);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults().withMaxConnections(4), null)) {
                r = engine.run(LoadStep.of(p, "visits", 1, Duration.ofMillis(2500)));
            }
            assertThat(r.errors()).isEmpty();
            assertThat(site.rejected.get()).as("requests without the cookie or with another session's owner id").isZero();
            // each login followed once, to the page its redirect named; each bye followed on a new connection
            assertThat(site.hits("GET /home")).isEqualTo(site.hits("POST /login")).isPositive();
            assertThat(site.hits("GET /after")).isEqualTo(site.hits("GET /bye")).isPositive();
            assertThat(site.goodJson.get()).isEqualTo(site.hits("POST /owners/N/pets")).isPositive();
            assertThat(site.goodUploads.get()).isEqualTo(site.hits("POST /upload")).isPositive();
            // a request and its hops count once: the login's ok are the server's logins, not logins + homes
            OperationResult login = r.operations().stream().filter(o -> o.name().equals("login")).findFirst().orElseThrow();
            assertThat(login.ok()).isEqualTo(site.hits("POST /login"));
            // bye thinks 200 ms, the plan not at all: 2 users finish at most 2 × (2.5 s / 200 ms + 1) flows.
            // Without the step's think time each user would run a flow every few milliseconds
            assertThat(site.hits("GET /bye")).isBetween(2, 2 * 14);
        }
    }

    /**
     * A request the socket cannot take at once (a 16 MB upload to a server that reads it late) arrives whole, every
     * time, and the next request on the same connection after it: the part the first send left is sent by the channel.
     */
    @Test
    void aRequestBiggerThanTheSocketsBuffersArrivesWhole() throws Exception {
        Files.write(dir.resolve("big.bin"), BIG);
        String limit = InputKind.BODY_PART.property();
        System.setProperty(limit, "32m"); // over the default 1 MiB a part file may have
        try (Site site = new Site()) {
            Plan p = PlanReader.parse("name: site\ntarget: {base_url: " + site.url() + "}\nusers: {count: 1}\nflows:\n"
                    + "  - name: upload\n    steps:\n      - name: big\n        request: {method: POST, path: /big, multipart: "
                    + "{file: {file: big.bin, content_type: application/octet-stream}}}\n        check: {status: 201}\n",
                    "plan.yaml", dir, n -> null);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults().withMaxConnections(1), null)) {
                r = engine.run(LoadStep.of(p, "uploads", 1, Duration.ofMillis(2500)));
            }
            assertThat(r.errors()).isEmpty();
            assertThat(site.hits("POST /big")).as("uploads on one connection").isGreaterThanOrEqualTo(2);
            assertThat(site.goodBig.get()).isEqualTo(site.hits("POST /big"));
        } finally {
            System.clearProperty(limit);
        }
    }

    /** Without flows or extracts, a followed redirect still carries the cookie it set: the login's session. */
    @Test
    void aProfileOperationFollowsItsRedirectWithTheCookieItSet() throws Exception {
        try (Site site = new Site()) {
            Plan p = PlanReader.parse("name: site\ntarget: {base_url: " + site.url() + "}\nprofile:\n  - name: login\n    rps: 20\n"
                    + "    request: {method: POST, path: /login, form: {user: ann}, follow_redirects: true}\n    check: {status: 200}\n",
                    "plan.yaml", dir, n -> null);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                r = engine.run(LoadStep.of(p, "logins", 1, Duration.ofSeconds(1)));
            }
            assertThat(r.errors()).isEmpty();
            assertThat(site.rejected.get()).isZero();
            assertThat(site.hits("GET /home")).isEqualTo(site.hits("POST /login")).isPositive();
        }
    }

    @Test
    void aLoopIsTooManyRedirectsAndAnotherHostIsRefusedWhileUnfollowedRedirectsAreAnswers() throws Exception {
        String flows = """
                  - name: loop
                    steps:
                      - {name: loop, request: {path: /loop, follow_redirects: 3}}
                  - name: away
                    steps:
                      - {name: away, request: {path: /away, follow_redirects: true}}
                  - name: plain
                    steps:
                      - {name: plain, request: {path: /loop}, check: {status: 301}}
                """;
        try (Site site = new Site()) {
            Plan p = plan(site, flows);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                r = engine.run(LoadStep.of(p, "bad-redirects", 1, Duration.ofMillis(1500)));
            }
            Map<String, OperationResult> ops = new java.util.HashMap<>();
            r.operations().forEach(o -> ops.put(o.name(), o));
            long loops = ops.get("loop").errors().getOrDefault("too-many-redirects", 0L);
            assertThat(loops).isPositive();
            assertThat(ops.get("loop").ok()).isZero();
            assertThat(ops.get("away").errors()).containsOnlyKeys("redirect-off-target");
            assertThat(ops.get("plain").errors()).isEmpty();
            assertThat(ops.get("plain").ok()).isPositive();
            // a followed loop asks 1 + 3 times; the unfollowed one once (within the requests still in flight at the end)
            assertThat(site.hits("GET /loop")).isBetween((int) (4 * loops + ops.get("plain").ok()), (int) (4 * loops + ops.get("plain").ok() + 8));
            assertThat(r.errors().keySet()).containsExactlyInAnyOrder("too-many-redirects", "redirect-off-target");
        }
    }
}
