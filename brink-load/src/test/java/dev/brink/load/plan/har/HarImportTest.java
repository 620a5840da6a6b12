package dev.brink.load.plan.har;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import dev.brink.core.BrinkUserException;
import dev.brink.load.LoadEngine;
import dev.brink.load.LoopbackHttpServer;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.ImportedPlan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A HAR recorded by the test from headless Chromium against a small stateful web application of its own, turned into a
 * plan, and that plan run against the same application: the CSRF token and the owner id each user sends must be the
 * ones the application gave that user, which the application checks.
 */
class HarImportTest {
    @TempDir
    Path dir;

    /** Login page (session cookie, CSRF token in a form, a stylesheet and a logo) → POST the form → a link to the owner → owner. */
    static final class App implements AutoCloseable {
        final LoopbackHttpServer server;
        final Map<String, String> csrf = new ConcurrentHashMap<>();
        final Map<String, Long> ownerOf = new ConcurrentHashMap<>();
        final AtomicLong next = new AtomicLong(4000);
        final AtomicInteger logins = new AtomicInteger();
        final AtomicInteger ownerPages = new AtomicInteger();
        final AtomicInteger rejected = new AtomicInteger();

        App() throws IOException {
            server = new LoopbackHttpServer(4, this::handle);
        }

        String url() {
            return server.url();
        }

        private void handle(HttpExchange x) throws IOException {
            String path = x.getRequestURI().getPath();
            String sid = cookie(x);
            switch (path) {
                case "/" -> {
                    String s = "s" + next.incrementAndGet();
                    String token = Long.toHexString(new Random().nextLong() | 1L << 62);
                    csrf.put(s, token);
                    x.getResponseHeaders().add("Set-Cookie", "SID=" + s + "; Path=/");
                    send(x, 200, "text/html", "<html><head><link rel=stylesheet href=/app.css></head><body><img src=/logo.png>"
                            + "<form method=post action=/login><input type=hidden name=_csrf value=\"" + token + "\">"
                            + "<input name=user value=alice></form></body></html>");
                }
                case "/app.css" -> send(x, 200, "text/css", "body{margin:0}");
                case "/logo.png" -> send(x, 200, "image/png", "png");
                case "/login" -> {
                    String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                    String token = body.replaceAll(".*_csrf=([^&]*).*", "$1");
                    if (sid == null || !URLDecoder.decode(token, StandardCharsets.UTF_8).equals(csrf.get(sid))) {
                        rejected.incrementAndGet();
                        send(x, 403, "text/plain", "bad token");
                        return;
                    }
                    long owner = next.incrementAndGet();
                    ownerOf.put(sid, owner);
                    logins.incrementAndGet();
                    send(x, 200, "text/html", "<html><body><p>Welcome</p><a id=owner href=\"/owners/" + owner + "\">your pets</a></body></html>");
                }
                default -> {
                    Long owner = sid == null ? null : ownerOf.get(sid);
                    if (owner != null && path.equals("/owners/" + owner)) {
                        ownerPages.incrementAndGet();
                        send(x, 200, "text/html", "<html><body><h1>Owner " + owner + "</h1></body></html>");
                    } else {
                        rejected.incrementAndGet();
                        send(x, 404, "text/plain", "no such owner for you");
                    }
                }
            }
        }

        private static String cookie(HttpExchange x) {
            String c = x.getRequestHeaders().getFirst("Cookie");
            if (c == null) return null;
            for (String part : c.split(";")) {
                String p = part.trim();
                if (p.startsWith("SID=")) return p.substring(4);
            }
            return null;
        }

        private static void send(HttpExchange x, int status, String type, String body) throws IOException {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", type);
            x.sendResponseHeaders(status, b.length);
            x.getResponseBody().write(b);
            x.close();
        }

        @Override
        public void close() {
            server.close();
        }
    }

    @Test
    void aRecordingFromHeadlessChromiumBecomesAPlanThatRunsWithItsCorrelations() throws Exception {
        assumeTrue(Files.isExecutable(ChromiumRecorder.BINARY),
                "headless Chromium is not installed at /usr/bin/chromium (.ci/run installs Debian's chromium): skipped");
        try (App app = new App()) {
            String har;
            try (ChromiumRecorder chromium = new ChromiumRecorder(dir)) {
                chromium.open(app.url() + "/");
                Thread.sleep(150); // the user reads the page: a think time in the recording
                chromium.navigateBy("document.forms[0].submit()");
                Thread.sleep(150);
                chromium.navigateBy("document.getElementById('owner').click()");
                har = chromium.har();
            }
            Files.writeString(dir.resolve("recorded.har"), har);
            if (System.getProperty("brink.har.out") != null) Files.writeString(Path.of(System.getProperty("brink.har.out")), har);
            assertThat(app.logins.get()).as("the browser logged in").isEqualTo(1);
            assertThat(app.ownerPages.get()).as("the browser opened its owner").isEqualTo(1);

            HarImport.Result r = HarImport.convert(har, "recorded.har", null, false);
            assertThat(r.steps()).isEqualTo(3);
            assertThat(r.skipped()).anyMatch(s -> s.contains("/app.css") && s.contains("static asset"))
                    .anyMatch(s -> s.contains("/logo.png") && s.contains("static asset"));
            assertThat(r.correlations()).anyMatch(c -> c.equals("csrf = form_field _csrf from get-root, sent by post-login"))
                    .anyMatch(c -> c.contains("from post-login, sent by get-owners-id"));
            assertThat(r.plan()).contains("think: ").doesNotContain("SID=");

            Plan p = PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null);
            int loginsBefore = app.logins.get();
            int ownersBefore = app.ownerPages.get();
            int rejectedBefore = app.rejected.get(); // the browser's own /favicon.ico
            StepResult run;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                run = engine.run(LoadStep.of(p, "replay", 3, Duration.ofSeconds(2)));
            }
            assertThat(run.errors()).as("the recorded flow replayed with its correlations").isEmpty();
            assertThat(app.rejected.get() - rejectedBefore).as("requests with another user's token or owner").isZero();
            assertThat(app.logins.get() - loginsBefore).as("logins by the plan's users").isPositive();
            assertThat(app.ownerPages.get() - ownersBefore).isGreaterThanOrEqualTo(app.logins.get() - loginsBefore - 3);
        }
    }

    @Test
    void notAHarIsOneClearLine() {
        assertThatThrownBy(() -> HarImport.convert("{\"log\": {\"entries\": [}", "x.har", null, false))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("x.har:1:");
        assertThatThrownBy(() -> HarImport.convert("[]", "x.har", null, false))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("log.entries");
        assertThatThrownBy(() -> HarImport.convert("{\"log\": {\"entries\": []}}", "x.har", null, false))
                .isInstanceOf(BrinkUserException.class).hasMessage("x.har: no HTTP request in the recording to make a plan of");
    }

    /** small.har: / answered at .623 s, /login sent at 32.049 s and answered at 32.179 s, /owners/4002 sent at 32.425 s. */
    @Test
    void eachStepThinksTheGapThePersonLeftAfterItsAnswer() throws Exception {
        String har = new String(getClass().getResourceAsStream("/har/small.har").readAllBytes(), StandardCharsets.UTF_8);
        HarImport.Result r = HarImport.convert(har, "small.har", null, false);
        Plan p = PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null);
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("get-root", "post-login", "get-owners-id");
        assertThat(p.profile()).extracting(Plan.Operation::think).containsExactly(
                dev.brink.load.plan.ThinkTime.constant(Duration.ofMillis(426)), dev.brink.load.plan.ThinkTime.constant(Duration.ofMillis(246)), null);
        // after the last step the user thinks within the recorded range before it starts the flow again
        assertThat(p.users().think()).isEqualTo(dev.brink.load.plan.ThinkTime.uniform(Duration.ofMillis(246), Duration.ofMillis(426)));
    }

    /**
     * PageXray's recording of www.etat.lu (chrome-har): a 302 to another host, then a 302 on it to its home page. The
     * plan starts on the host the chain led to, with one request that follows the rest, checked against the last answer.
     */
    @Test
    void aRedirectChainIsOneStepFromTheFirstHopOnTheOrigin() throws Exception {
        String har = new String(getClass().getResourceAsStream("/har/corpus/pagexray-www.etat.lu.har").readAllBytes(), StandardCharsets.UTF_8);
        HarImport.Result r = HarImport.convert(har, "etat.har", null, false);
        Plan p = PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null);
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://www.etat.public.lu");
        assertThat(p.profile()).hasSize(1);
        assertThat(p.profile().get(0).request().path()).isEqualTo("/");
        assertThat(p.profile().get(0).request().followRedirects()).isEqualTo(1);
        assertThat(p.profile().get(0).check().status()).isEqualTo(200);
        assertThat(r.skipped()).contains("GET http://www.etat.lu/: a redirect on the browser's way to http://www.etat.public.lu (the plan"
                + " starts where it led)", "GET http://cdn.public.lu/js/requirejs/2-1-1/require.js: another origin than http://www.etat.public.lu");
    }

    /** Fuzzed recordings: a user error or a plan that parses, never anything else. */
    @Test
    void fuzzedRecordingsGiveAPlanOrOneClearError() throws Exception {
        String seed = new String(getClass().getResourceAsStream("/har/small.har").readAllBytes(), StandardCharsets.UTF_8);
        Random rnd = new Random(26);
        long end = System.nanoTime() + Duration.ofSeconds(Long.getLong("fuzz.s", 1)).toNanos();
        int plans = 0;
        for (int i = 0; System.nanoTime() < end; i++) {
            StringBuilder b = new StringBuilder(seed);
            for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
                int at = rnd.nextInt(b.length());
                switch (rnd.nextInt(3)) {
                    case 0 -> b.deleteCharAt(at);
                    case 1 -> b.insert(at, "{}[]\":,${x}/?&=0a\\".charAt(rnd.nextInt(18)));
                    default -> b.setCharAt(at, (char) (' ' + rnd.nextInt(95)));
                }
            }
            try {
                HarImport.Result r = HarImport.convert(b.toString(), "f.har", null, rnd.nextBoolean());
                ImportedPlan.readBack(r.plan(), "f.har", "plan.yaml", dir);
                plans++;
            } catch (BrinkUserException e) {
                // the recording's fault, named by its file (also when it converted to a plan the reader rejects)
                assertThat(e.getMessage()).startsWith("f.har").doesNotContain("\n");
            }
        }
        assertThat(plans).as("most small changes still make a plan").isPositive();
    }
}
