package dev.brink.load.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.load.testing.WebTestServer;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sites the corpus's plans were written for, stood in for by the one local server of {@link ImportCorpusTest}: a
 * recording's own answers replayed, and small fakes of the applications the JMeter plans test. Each answers a request
 * its real site would not have got (a path no recorded request or route has, an id it never gave out, a body or header
 * the request should carry and does not) with a 4xx, so an import that got a path, a header or a correlation wrong
 * fails the run; {@link #wrong} counts those answers and keeps the first few for the assertion message.
 */
final class CorpusSites {
    final AtomicLong wrong = new AtomicLong();
    final List<String> firstWrong = java.util.Collections.synchronizedList(new ArrayList<>());

    private FullHttpResponse refuse(FullHttpRequest r, int status, String why) {
        if (wrong.incrementAndGet() <= 5) firstWrong.add(r.method() + " " + r.uri() + ": " + why);
        return answer(status, "text/plain", why);
    }

    static FullHttpResponse answer(int status, String type, String body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        if (type != null) r.headers().set("Content-Type", type);
        return r;
    }

    private static String body(FullHttpRequest r) {
        return r.content().toString(StandardCharsets.UTF_8);
    }

    /**
     * A HAR's answers to the requests of {@code origin}: a request is answered as the recording answered the request of
     * the same method, path and query (and body, for one that had a body); a redirect's Location is rewritten to
     * {@code self}, so the plan follows it to this server. A request the recording has no answer for is answered 200.
     */
    WebTestServer.Site replay(String har, String origin, String self) throws Exception {
        JsonNode log = Json.MAPPER.readTree(har.startsWith("\uFEFF") ? har.substring(1) : har).path("log");
        Map<String, List<JsonNode>> byRequest = new HashMap<>();
        for (JsonNode e : log.path("entries")) {
            URI u = URI.create(e.path("request").path("url").asText());
            String o = u.getScheme().toLowerCase() + "://" + u.getRawAuthority().toLowerCase().replaceFirst(":(80|443)$", "");
            if (!o.equals(origin)) continue;
            byRequest.computeIfAbsent(e.path("request").path("method").asText() + " " + target(u), k -> new ArrayList<>()).add(e);
        }
        return req -> {
            List<JsonNode> recorded = byRequest.get(req.method().name() + " " + req.uri());
            if (recorded == null) return refuse(req, 404, "no such request in the recording");
            JsonNode match = null;
            for (JsonNode e : recorded) if (sameBody(e.path("request").path("postData"), req)) match = e;
            if (match == null) return refuse(req, 400, "a body the recording did not send: " + body(req));
            for (JsonNode h : match.path("request").path("headers")) {
                // the credentials the recording sent must be sent (by the plan: from the environment the user sets)
                if (h.path("name").asText("").equalsIgnoreCase("authorization") && !h.path("value").asText().equals(req.headers().get("Authorization"))) {
                    return refuse(req, 401, "without the recorded Authorization");
                }
            }
            JsonNode res = match.path("response");
            int status = res.path("status").asInt(0);
            if (status < 100) return answer(200, null, "");
            JsonNode content = res.path("content");
            byte[] bytes = content.path("encoding").asText("").equals("base64") ? Base64.getMimeDecoder().decode(content.path("text").asText(""))
                    : content.path("text").asText("").getBytes(StandardCharsets.UTF_8);
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(bytes));
            if (!content.path("mimeType").asText("").isEmpty()) r.headers().set("Content-Type", content.path("mimeType").asText());
            for (JsonNode h : res.path("headers")) {
                String name = h.path("name").asText("");
                if (name.equalsIgnoreCase("set-cookie")) r.headers().add("Set-Cookie", h.path("value").asText());
                if (name.equalsIgnoreCase("location")) r.headers().set("Location", h.path("value").asText().replace(origin, self));
            }
            String to = res.path("redirectURL").asText("");
            if (!to.isEmpty() && !r.headers().contains("Location")) r.headers().set("Location", to.replace(origin, self));
            return r;
        };
    }

    /** The Authorization value a recording sent, null if none: what its user puts in BRINK_AUTHORIZATION. */
    static String authorization(String har) throws Exception {
        for (JsonNode e : Json.MAPPER.readTree(har).path("log").path("entries")) {
            for (JsonNode h : e.path("request").path("headers")) {
                if (h.path("name").asText("").equalsIgnoreCase("authorization")) return h.path("value").asText();
            }
        }
        return null;
    }

    private static String target(URI u) {
        return (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath()) + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
    }

    /** The body the recording sent: its text, or its form fields (in any order, as encoded by any client). */
    private static boolean sameBody(JsonNode post, FullHttpRequest req) {
        String got = body(req);
        if (post.isMissingNode() || post.isNull()) return got.isEmpty();
        if (post.hasNonNull("text") && !post.path("mimeType").asText("").startsWith("application/x-www-form-urlencoded")) {
            return got.equals(post.path("text").asText());
        }
        Map<String, String> want = new TreeMap<>();
        if (post.hasNonNull("text")) want.putAll(form(post.path("text").asText()));
        else for (JsonNode p : post.path("params")) want.put(decode(p.path("name").asText()), decode(p.path("value").asText()));
        return want.equals(form(got));
    }

    private static Map<String, String> form(String body) {
        Map<String, String> m = new TreeMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            m.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return m;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /**
     * Spring PetClinic REST's API as its CRUD plan uses it: ids are given out by the POSTs, and a request naming an id
     * the API never gave, or sending JSON without saying so, is refused as Spring would (404, 415).
     */
    WebTestServer.Site petclinicRest() {
        AtomicLong ids = new AtomicLong(100);
        Set<String> owners = ConcurrentHashMap.newKeySet();
        Set<String> pets = ConcurrentHashMap.newKeySet();
        Pattern ownerPets = Pattern.compile("/petclinic/api/owners/(\\d+)/pets(?:/(\\d+))?");
        Pattern owner = Pattern.compile("/petclinic/api/owners/(\\d+)");
        Pattern pet = Pattern.compile("/petclinic/api/pets/(\\d+)");
        return req -> {
            String m = req.method().name();
            String path = req.uri();
            boolean json = String.valueOf(req.headers().get("Content-Type")).startsWith("application/json");
            if ((m.equals("POST") || m.equals("PUT")) && (!json || !body(req).trim().startsWith("{"))) {
                return refuse(req, 415, "a JSON body with Content-Type application/json expected");
            }
            Matcher x;
            if (m.equals("POST") && path.equals("/petclinic/api/owners")) {
                String id = String.valueOf(ids.incrementAndGet());
                owners.add(id);
                return answer(201, "application/json", "{\"id\":" + id + ",\"firstName\":\"John\"}");
            }
            if ((x = ownerPets.matcher(path)).matches()) {
                if (!owners.contains(x.group(1))) return refuse(req, 404, "owner " + x.group(1) + " was never created");
                if (m.equals("POST") && x.group(2) == null) {
                    String id = String.valueOf(ids.incrementAndGet());
                    pets.add(id);
                    return answer(201, "application/json", "{\"id\":" + id + ",\"name\":\"Buddy\"}");
                }
                if (m.equals("GET") && x.group(2) != null && pets.contains(x.group(2))) return answer(200, "application/json", "{\"id\":" + x.group(2) + "}");
                return refuse(req, 404, "no such pet");
            }
            if (m.equals("POST") && path.equals("/petclinic/api/visits")) {
                Matcher petId = Pattern.compile("\"petId\":\\s*\"?(\\d+)").matcher(body(req));
                if (!petId.find() || !pets.contains(petId.group(1))) return refuse(req, 404, "a visit for a pet never created");
                return answer(201, "application/json", "{\"id\":" + ids.incrementAndGet() + "}");
            }
            if ((x = owner.matcher(path)).matches() && (m.equals("PUT") || m.equals("DELETE"))) {
                return owners.contains(x.group(1)) ? answer(204, null, "") : refuse(req, 404, "owner " + x.group(1) + " was never created");
            }
            if ((x = pet.matcher(path)).matches() && (m.equals("PUT") || m.equals("DELETE"))) {
                return pets.contains(x.group(1)) ? answer(204, null, "") : refuse(req, 404, "pet " + x.group(1) + " was never created");
            }
            return refuse(req, 404, "no such route");
        };
    }

    /**
     * Spring PetClinic's web pages as its plan visits them: owners 1 to 10 exist (the sample data), a form post must
     * carry the form's fields and redirects to the owner's page, as the application's controllers do.
     */
    WebTestServer.Site petclinic() {
        Pattern ownerPage = Pattern.compile("/owners/(\\d+)(/edit|/pets/new|/pets/(\\d+)/visits/new)?");
        Set<String> pages = Set.of("/", "/resources/css/petclinic.css", "/webjars/bootstrap/dist/js/bootstrap.bundle.min.js",
                "/vets.html", "/owners/find", "/owners?lastName=");
        Map<String, List<String>> fields = Map.of("/edit", List.of("firstName", "lastName", "address", "city", "telephone"),
                "/pets/new", List.of("name", "birthDate", "type"), "/visits/new", List.of("date", "description"));
        return req -> {
            String path = req.uri();
            if (req.method().name().equals("GET") && pages.contains(path)) return answer(200, "text/html", "<html>PetClinic</html>");
            Matcher x = ownerPage.matcher(path);
            if (!x.matches()) return refuse(req, 404, "no such page");
            int id = Integer.parseInt(x.group(1));
            if (id < 1 || id > 10 || x.group(3) != null && Integer.parseInt(x.group(3)) > 13) return refuse(req, 404, "no such owner or pet");
            if (req.method().name().equals("GET")) return answer(200, "text/html", "<html>owner " + id + "</html>");
            String kind = x.group(2) == null ? "" : x.group(2).endsWith("/visits/new") ? "/visits/new" : x.group(2);
            Map<String, String> sent = form(body(req));
            if (!sent.keySet().containsAll(fields.getOrDefault(kind, List.of("?")))) return refuse(req, 400, "the form's fields missing: " + sent);
            FullHttpResponse r = answer(302, null, "");
            r.headers().set("Location", "/owners/" + id);
            return r;
        };
    }

    /** jmeter.apache.org's two pages as JMeter's advanced web template asserts on them. */
    WebTestServer.Site jmeterSite() {
        return req -> switch (req.uri()) {
            case "/" -> answer(200, "text/html", "<html><head><title>Apache JMeter - Apache JMeter&trade;</title></head></html>");
            case "/changes.html" -> answer(200, "text/html", "<html><head><title>Apache JMeter - Changes</title></head></html>");
            default -> refuse(req, 404, "no such page");
        };
    }
}
