package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Session;
import dev.brink.load.http.RequestEncoder;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.ThinkTime;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.plan.bind.PlanTest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The plan keys of sessions: users, think time, pacing, flows, extract, ${session.NAME}. */
class PlanFlowTest {
    static final String FLOW_PLAN = """
            name: clinic
            target: {base_url: "http://127.0.0.1:8080"}
            users: {count: 20, think: 500ms..2s, pacing: 10s}
            flows:
              - name: add-visit
                weight: 3
                steps:
                  - name: find
                    request: {path: "/owners?lastName=Davis"}
                    extract: {ownerId: {json: "$.owners[0].id"}, csrf: {form_field: _csrf}}
                  - name: open
                    request: {path: "/owners/${session.ownerId}", headers: {X-Csrf: "${session.csrf}"}}
                    extract: {loc: {header: Location}, sid: {cookie: JSESSIONID}, pet: {regex: "pets/([0-9]+)"}}
                    check: {status: 200}
              - name: browse
                steps:
                  - name: home
                    request: {path: /}
            phases:
              capacity: {start: 1, step: 1, max: 10, step_duration: 30s}
            """;

    static Plan parse(String yaml) throws BrinkUserException {
        return PlanReader.parse(yaml, "plan.yaml", Path.of("."), n -> null);
    }

    @Test
    void readsUsersFlowsAndExtracts() throws Exception {
        Plan p = parse(FLOW_PLAN);
        assertThat(p.closedModel()).isTrue();
        assertThat(p.users()).isEqualTo(new Plan.Users(20, ThinkTime.uniform(Duration.ofMillis(500), Duration.ofSeconds(2)), Duration.ofSeconds(10)));
        assertThat(p.flows()).containsExactly(new Plan.Flow("add-visit", 3, List.of(0, 1)), new Plan.Flow("browse", 1, List.of(2)));
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("find", "open", "home");
        assertThat(p.profile().get(0).extract()).containsExactly(
                new Plan.Extract("ownerId", Plan.Extract.Source.JSON, "$.owners[0].id"),
                new Plan.Extract("csrf", Plan.Extract.Source.FORM_FIELD, "_csrf"));
        assertThat(p.profile().get(1).extract()).extracting(Plan.Extract::from).containsExactly(
                Plan.Extract.Source.HEADER, Plan.Extract.Source.COOKIE, Plan.Extract.Source.REGEX);
        assertThat(p.profile().get(1).extract().get(0).expression()).isEqualTo("location"); // headers match case-insensitively
        // the capacity search multiplies users as it multiplies rates
        LoadStep s = LoadStep.of(p, "x3", 3, Duration.ofSeconds(5));
        assertThat(s.workload()).isEqualTo(new LoadStep.Workload.Closed(60, p.users().think(), Duration.ofSeconds(10)));
        assertThat(parse(FLOW_PLAN.replace("users: {count: 20, think: 500ms..2s, pacing: 10s}", "users: 7")).users())
                .isEqualTo(new Plan.Users(7, ThinkTime.NONE, Duration.ZERO));
        assertThat(parse(FLOW_PLAN.replace("500ms..2s", "exp(1s)")).users().think()).isEqualTo(ThinkTime.exponential(Duration.ofSeconds(1)));
        assertThat(parse(FLOW_PLAN.replace("500ms..2s", "250ms")).users().think()).isEqualTo(ThinkTime.constant(Duration.ofMillis(250)));
    }

    @Test
    void anOpenModelFlowHasARateEachStepSends() throws Exception {
        Plan p = parse(FLOW_PLAN.replace("users: {count: 20, think: 500ms..2s, pacing: 10s}\n", "")
                .replace("weight: 3", "rps: 4").replace("  - name: browse\n", "  - name: browse\n    rps: 2\n"));
        assertThat(p.closedModel()).isFalse();
        assertThat(p.profile()).extracting(Plan.Operation::rps).containsExactly(4.0, 4.0, 2.0);
        assertThat(p.totalRps()).isEqualTo(10.0); // requests per second at multiplier 1
        assertThat(LoadStep.of(p, "x2", 2, Duration.ofSeconds(1)).workload()).isEqualTo(new LoadStep.Workload.Open(2, 2));
    }

    @Test
    void everyNewKeyErrsWithFileLineColumnAndWhatWasExpected() {
        assertError(FLOW_PLAN.replace("count: 20", "count: 0"), "plan.yaml:3:16: users.count: expected an integer from 1 to 60000");
        assertError(FLOW_PLAN.replace("500ms..2s", "soon"), "plan.yaml:3:27: users.think: expected a think time");
        assertError(FLOW_PLAN.replace("500ms..2s", "2s..1s"), "plan.yaml:3:27: users.think: expected a range min..max with min <= max");
        assertError(FLOW_PLAN.replace("pacing: 10s", "pacing: x"), "plan.yaml:3:46: users.pacing: expected a duration");
        assertError(FLOW_PLAN.replace("pacing: 10s", "pace: 10s"), "plan.yaml:3:44: users: expected one of the keys count, think, pacing, got 'pace'");
        assertError(FLOW_PLAN.replace("users: {count: 20, think: 500ms..2s, pacing: 10s}", "users: many"), "plan.yaml:3:8: users: expected an integer");
        assertError(FLOW_PLAN.replace("weight: 3", "weight: lots"), "plan.yaml:6:13: flows[0].weight: expected a number from 0 to 1000000");
        assertError(FLOW_PLAN.replace("weight: 3", "rps: 3"), "plan.yaml:6:10: flows[0]: expected one of the keys name, weight, steps, got 'rps'");
        assertError(FLOW_PLAN.replace("  - name: browse\n", "  - name: add-visit\n"), "plan.yaml:15:11: flows[1].name: expected a name not used by another flow");
        assertError(FLOW_PLAN.replace("      - name: home", "      - name: find"), "plan.yaml:17:9: flows[1].steps[0].name: expected a name not used by another step");
        assertError(FLOW_PLAN.replace("    steps:\n      - name: home\n        request: {path: /}\n", "    steps: []\n"), "plan.yaml:16:12: flows[1].steps: expected a list of steps");
        assertError(FLOW_PLAN.replace("flows:", "profile: []\nflows:"), "plan.yaml:4:10: profile: expected either profile or flows, not both");
        assertError(FLOW_PLAN.replace("extract: {ownerId", "extract: {owner-id"), "plan.yaml:10:29: flows[0].steps[0].extract.owner-id: expected a session value name");
        assertError(FLOW_PLAN.replace("{json: \"$.owners[0].id\"}", "{json: \"$.owners[0].id\", regex: x}"), "plan.yaml:10:28: flows[0].steps[0].extract.ownerId: expected exactly one of json, regex, header, cookie, form_field");
        assertError(FLOW_PLAN.replace("{json: \"$.owners[0].id\"}", "{xpath: x}"), "plan.yaml:10:36: flows[0].steps[0].extract.ownerId: expected one of the keys json, regex, header, cookie, form_field, got 'xpath'");
        assertError(FLOW_PLAN.replace("$.owners[0].id", "owners.id"), "plan.yaml:10:35: flows[0].steps[0].extract.ownerId.json: expected a JSON path like $.owners[0].id");
        assertError(FLOW_PLAN.replace("$.owners[0].id", "$.owners[x]"), "flows[0].steps[0].extract.ownerId.json: expected a JSON path like $.owners[0].id or $['first-name'] (an index or a quoted name inside [] at index 8)");
        assertError(FLOW_PLAN.replace("pets/([0-9]+)", "pets/([0-9]+"), "plan.yaml:13:84: flows[0].steps[1].extract.pet.regex: expected a valid regular expression");
        assertError(FLOW_PLAN.replace("pets/([0-9]+)", "(a)(b)"), "flows[0].steps[1].extract.pet.regex: expected a regular expression with at most one group");
        assertError(FLOW_PLAN.replace("{header: Location}", "{header: \"Loc ation\"}"), "plan.yaml:13:33: flows[0].steps[1].extract.loc.header: expected a name without spaces");
        assertError(FLOW_PLAN.replace("extract: {ownerId: {json: \"$.owners[0].id\"}, csrf: {form_field: _csrf}}", "extract: []"), "plan.yaml:10:18: flows[0].steps[0].extract: expected a mapping of session value name");
        // a value is usable only after the step that extracts it
        assertError(FLOW_PLAN.replace("path: /}", "path: \"/${session.ownerId}\"}"), "plan.yaml:18:26: flows[1].steps[0].request.path: expected a value an earlier step of the same flow extracts for ${session.ownerId} (none does)");
        assertError(FLOW_PLAN.replace("/owners/${session.ownerId}", "/owners/${session.owner}"), "plan.yaml:12:33: flows[0].steps[1].request.path: expected a value an earlier step of the same flow extracts, one of [ownerId, csrf], got 'owner'");
        assertError(FLOW_PLAN.replace("\"/owners?lastName=Davis\"", "\"/owners/${session.pet}\""), "flows[0].steps[0].request.path: expected a value an earlier step");
        // the per-step rate is the flow's; a profile operation has no ${session.…} to use
        assertError(FLOW_PLAN.replace("      - name: home\n", "      - name: home\n        weight: 2\n"), "plan.yaml:18:17: flows[1].steps[0]: expected one of the keys name, request, check, extract, think, got 'weight'");
        assertError(PlanTest.DESIGN_PLAN.replace("\"/books/${random.int(1,1000)}\"", "\"/books/${session.id}\""), "profile[0].request.path: expected a value an earlier step of the same flow extracts");
        assertError(FLOW_PLAN.replace("path: /}", "path: /, form: {a: b}, body: x}"), "flows[1].steps[0].request.body: expected either body or form, not both");
        assertError(FLOW_PLAN.replace("path: /}", "path: /, form: [a]}"), "plan.yaml:18:34: flows[1].steps[0].request.form: expected a mapping of form field name to value");
        assertError(FLOW_PLAN.replace("path: /}", "path: /, form: {a: \"${session.x}\"}}"), "flows[1].steps[0].request.form.a: expected a value an earlier step");
        assertError(FLOW_PLAN.replace("max: 10", "max: 5000"), "phases: expected a highest multiplier × 20 users of at most 60000 users, got 5000 × = 100000");
    }

    @Test
    void aFormIsUrlEncodedOnceAndItsValuesAsTheyAreWritten() throws Exception {
        Plan p = parse(FLOW_PLAN.replace("headers: {X-Csrf: \"${session.csrf}\"}", "form: {\"a b\": \"x&y=${session.csrf}\", n: \"${seq}\"}"));
        Plan.Request r = p.profile().get(1).request();
        assertThat(r.body()).isEqualTo("a%20b=x%26y%3D${session.csrf}&n=${seq}");
        assertThat(r.headers()).contains(new Plan.Header("Content-Type", "application/x-www-form-urlencoded", false));
        RequestEncoder enc = new RequestEncoder(p.target().baseUrl(), r, List.of(), n -> null, Set.of("csrf", "ownerId"));
        RequestContext ctx = new RequestContext(1, null);
        ctx.next();
        ctx.session = new Session();
        ctx.session.put("ownerId", "7".getBytes());
        ctx.session.put("csrf", "t&k=1 2".getBytes());
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        enc.encode(buf, ctx);
        assertThat(buf.toString(java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("GET /owners/7 HTTP/1.1\r\n")
                .endsWith("\r\n\r\na%20b=x%26y%3Dt%26k%3D1%202&n=1");
    }

    @Test
    void statusChecksTakeOneAListOrARange() throws Exception {
        Plan.Check list = parse(FLOW_PLAN.replace("check: {status: 200}", "check: {status: [200, 302-303]}")).profile().get(1).check();
        assertThat(list.accepted()).containsExactly(200, 302, 303);
        assertThat(list.passes(303)).isTrue();
        assertThat(list.passes(301)).isFalse();
        Plan.Check range = parse(FLOW_PLAN.replace("check: {status: 200}", "check: {status: 200-299}")).profile().get(1).check();
        assertThat(range.passes(204)).isTrue();
        assertThat(range.passes(302)).isFalse();
        assertThat(parse(FLOW_PLAN).profile().get(1).check().passes(201)).isFalse();
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {status: 299-200}"),
                "plan.yaml:14:25: flows[0].steps[1].check.status: expected a status from 100 to 599, a range like 200-299, or a list of them, got '299-200'");
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {body_regex: \"(x\"}"), "plan.yaml:14:29: flows[0].steps[1].check.body_regex: expected a valid regular expression");
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {json: {\"owners\": x}}"), "flows[0].steps[1].check.json.owners: expected a JSON path");
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {header: [x]}"), "flows[0].steps[1].check.header: expected a mapping of header to a regular expression");
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {}"), "flows[0].steps[1].check: expected at least one of status, body, body_regex, header, json");
        Plan.Check content = parse(FLOW_PLAN.replace("check: {status: 200}", "check: {body: \"a.b\", header: {X-A: \"1+\"}, json: {\"$.a\": \"b\"}}"))
                .profile().get(1).check();
        assertThat(content.status()).isZero();
        assertThat(content.content()).containsExactly(new Plan.Check.Content(Plan.Extract.Source.REGEX, "\\Qa.b\\E", null),
                new Plan.Check.Content(Plan.Extract.Source.HEADER, "x-a", "1+"), new Plan.Check.Content(Plan.Extract.Source.JSON, "$.a", "b"));
        assertError(FLOW_PLAN.replace("check: {status: 200}", "check: {status: [200, ok]}"),
                "flows[0].steps[1].check.status: expected a status from 100 to 599, a range like 200-299, or a list of them, got 'ok'");
    }

    @Test
    void thinkTimesStayInTheirRangeWithTheirMean() {
        SplittableRandom r = new SplittableRandom(7);
        ThinkTime u = ThinkTime.uniform(Duration.ofMillis(100), Duration.ofMillis(300));
        ThinkTime e = ThinkTime.exponential(Duration.ofMillis(100));
        double uSum = 0;
        double eSum = 0;
        int n = 50_000;
        for (int i = 0; i < n; i++) {
            long a = u.nextNanos(r);
            long b = e.nextNanos(r);
            assertThat(a).isBetween(100_000_000L, 300_000_000L);
            assertThat(b).isBetween(0L, 1_000_000_000L);
            uSum += a;
            eSum += b;
        }
        assertThat(uSum / n / 1e6).isCloseTo(200, org.assertj.core.data.Offset.offset(2.0));
        // the cap at 10 means removes e^-10 × 11 means ≈ 0.05 % of the mean
        assertThat(eSum / n / 1e6).isCloseTo(100, org.assertj.core.data.Offset.offset(2.0));
        assertThat(ThinkTime.constant(Duration.ofMillis(5)).nextNanos(r)).isEqualTo(5_000_000L);
    }

    @Test
    void fuzzedFlowPlansFailOnlyWithUserErrors() {
        PlanTest.assertMutationsFailOnlyWithUserErrors(FLOW_PLAN, 43, 600, ":{}[]-'\"\n #,&*!|>$%@`\t0a.");
        PlanTest.assertMutationsFailOnlyWithUserErrors(BODY_PLAN, 44, 600, ":{}[]-'\"\n #,&*!|>$%@`\t0a.");
    }

    /** The request keys beyond a text body, and a step's own think time (FLOW_PLAN's home step grown). */
    static final String BODY_PLAN = FLOW_PLAN.replace("        request: {path: /}\n", """
                    request:
                      method: POST
                      path: /pets
                      json: {name: "rex \\"${seq}\\"", age: 3, weight: "${random.decimal(1,9)}", ok: false, tags: [a, "${seq}"], note: null, z: "007"}
                      follow_redirects: 4
                    think: 50ms
            """);

    @Test
    void everyRequestKeyBeyondTheBodyErrsWithFileLineColumn() {
        assertError(BODY_PLAN.replace("follow_redirects: 4", "follow_redirects: 21"),
                "plan.yaml:22:29: flows[1].steps[0].request.follow_redirects: expected true, false or a number of redirects from 0 to 20, got '21'");
        assertError(BODY_PLAN.replace("follow_redirects: 4", "follow_redirects: often"),
                "plan.yaml:22:29: flows[1].steps[0].request.follow_redirects: expected true, false or a number of redirects from 0 to 20, got 'often'");
        assertError(BODY_PLAN.replace("think: 50ms", "think: soon"), "plan.yaml:23:16: flows[1].steps[0].think: expected a think time");
        assertError(BODY_PLAN.replace("think: 50ms", "think: 2s..1s"), "plan.yaml:23:16: flows[1].steps[0].think: expected a range min..max with min <= max");
        assertError(BODY_PLAN.replace("users: {count: 20, think: 500ms..2s, pacing: 10s}\n", "").replace("weight: 3", "rps: 3")
                .replace("  - name: browse\n", "  - name: browse\n    rps: 1\n"),
                "plan.yaml:23:16: flows[1].steps[0].think: expected no think time in an open model (think needs users:), got '50ms'");
        assertError(BODY_PLAN.replace("json: {name", "body: x\n          json: {name"),
                "plan.yaml:22:17: flows[1].steps[0].request.json: expected either body or json, not both");
        assertError(BODY_PLAN.replace("age: 3", "age: \"${csv.x}\""),
                "plan.yaml:21:47: flows[1].steps[0].request.json.age: expected a data: csv feeder for ${csv.x}");
        assertError(BODY_PLAN.replace("tags: [a, \"${seq}\"]", "tags: [a, \"${session.nope}\"]"),
                "flows[1].steps[0].request.json.tags[1]: expected a value an earlier step of the same flow extracts");
        assertError(BODY_PLAN.replaceAll("json: \\{.*}\n", "json: 7\n"), "plan.yaml:21:17: flows[1].steps[0].request.json: expected a mapping or a list");
        String multipart = BODY_PLAN.replaceAll("json: \\{.*}\n", java.util.regex.Matcher.quoteReplacement("multipart: {title: \"t ${seq}\", photo: {file: photo.png}}\n"));
        assertError(multipart, "plan.yaml:21:56: flows[1].steps[0].request.multipart.photo.file: expected a readable regular file of at most 1.0 MiB (relative to the plan's folder; BRINK_MAX_BODY_PART=SIZE raises the limit), got 'photo.png'");
        assertError(multipart.replace("photo.png}", "photo.png, color: red}"),
                "plan.yaml:21:74: flows[1].steps[0].request.multipart.photo: expected one of the keys file, content_type, filename, got 'color'");
        assertError(multipart.replace("multipart: {title", "multipart: {\"ti\\\"tle\""),
                "flows[1].steps[0].request.multipart.ti\"tle: expected a part name without quotes");
        assertError(multipart.replace("multipart: {title: \"t ${seq}\", photo: {file: photo.png}}", "multipart: []"),
                "plan.yaml:21:22: flows[1].steps[0].request.multipart: expected a mapping of part name to a value or {file: PATH}");
    }

    @Test
    void aJsonBodyIsTheYamlTreeWithValuesEscapedAsTheyAreWritten() throws Exception {
        Plan.Request r = parse(BODY_PLAN).profile().get(2).request();
        assertThat(r.followRedirects()).isEqualTo(4);
        assertThat(parse(BODY_PLAN).profile().get(2).think()).isEqualTo(ThinkTime.constant(Duration.ofMillis(50)));
        assertThat(parse(BODY_PLAN.replace("follow_redirects: 4", "follow_redirects: true")).profile().get(2).request().followRedirects())
                .isEqualTo(Plan.Request.DEFAULT_MAX_REDIRECTS);
        assertThat(r.headers()).contains(new Plan.Header("Content-Type", "application/json", false));
        // quoted "007" stays a string; unquoted 3 and false are JSON literals; a numeric generator alone is a number
        assertThat(r.body()).isEqualTo("{\"name\":\"rex \\\"${seq}\\\"\",\"age\":3,\"weight\":${random.decimal(1,9)},\"ok\":false,"
                + "\"tags\":[\"a\",${seq}],\"note\":null,\"z\":\"007\"}");
        // a session value with a quote and a line break stays inside its JSON string
        Plan p = parse(FLOW_PLAN.replace("headers: {X-Csrf: \"${session.csrf}\"}", "json: {t: \"${session.csrf}\", \"k${x\": [1]}"));
        RequestEncoder enc = new RequestEncoder(p.target().baseUrl(), p.profile().get(1).request(), List.of(), n -> null, Set.of("csrf", "ownerId"));
        RequestContext ctx = new RequestContext(1, null);
        ctx.next();
        ctx.session = new Session();
        ctx.session.put("ownerId", "7".getBytes());
        ctx.session.put("csrf", "a\"b\\c\u0001".getBytes());
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        enc.encode(buf, ctx);
        String body = buf.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        body = body.substring(body.indexOf("\r\n\r\n") + 4);
        assertThat(body).isEqualTo("{\"t\":\"a\\\"b\\\\c\\u0001\",\"k${x\":[1]}");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).get("t").asText()).isEqualTo("a\"b\\c\u0001");
    }

    @Test
    void aMultipartBodyFramesEachFieldAndTheFileBesideThePlan(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, '\r', '\n', 1};
        java.nio.file.Files.write(dir.resolve("photo.png"), png);
        String yaml = BODY_PLAN.replaceAll("json: \\{.*}\n",
                java.util.regex.Matcher.quoteReplacement("multipart: {title: \"t ${seq}\", photo: {file: photo.png, content_type: image/png}}\n"));
        Plan p = PlanReader.parse(yaml, "plan.yaml", dir, n -> null);
        Plan.Request r = p.profile().get(2).request();
        String type = r.headers().stream().filter(h -> h.name().equals("Content-Type")).findFirst().orElseThrow().value();
        assertThat(type).matches("multipart/form-data; boundary=brink-[0-9a-f]{24}");
        assertThat(PlanReader.parse(yaml, "plan.yaml", dir, n -> null).profile().get(2).request().headers()).contains(new Plan.Header("Content-Type", type, false));
        RequestEncoder enc = new RequestEncoder(p.target().baseUrl(), r, List.of(), n -> null, Set.of());
        RequestContext ctx = new RequestContext(1, null);
        ctx.next();
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.buffer();
        enc.encode(buf, ctx);
        String wire = buf.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        String b = type.substring(type.indexOf('=') + 1);
        String expected = "--" + b + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nt 1\r\n"
                + "--" + b + "\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.png\"\r\nContent-Type: image/png\r\n\r\n"
                + new String(png, java.nio.charset.StandardCharsets.ISO_8859_1) + "\r\n--" + b + "--\r\n";
        assertThat(wire).endsWith("\r\n\r\n" + expected);
        assertThat(wire).matches("(?s).*Content-Length: +" + expected.length() + "\r\n.*");
    }

    private static void assertError(String yaml, String expected) {
        assertThatThrownBy(() -> parse(yaml)).isInstanceOf(BrinkUserException.class).hasMessageContaining(expected);
    }
}
