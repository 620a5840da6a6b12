package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Session;
import dev.brink.load.engine.Template;
import dev.brink.load.http.RequestEncoder;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded-time fuzzing of every input the load engine reads: plans, CSV feeders, templates. Each runs a fixed
 * seed sequence (reproducible in CI) and then fresh random seeds, and a failure names its seed. The property is
 * the one users rely on: bad input is a one-line {@link BrinkUserException}; accepted input never puts CR, LF
 * or NUL into a request's head.
 */
class LoadInputFuzzTest {
    /** Per test; bench/fuzz-campaign.sh raises both with -Dbrink.fuzz.fixedMs / -Dbrink.fuzz.randomMs. */
    private static final long FIXED_MS = Long.getLong("brink.fuzz.fixedMs", 1500);
    private static final long RANDOM_MS = Long.getLong("brink.fuzz.randomMs", 700);

    @TempDir
    Path dir;

    private static final String PLAN = """
            name: fuzz
            target: {base_url: "http://127.0.0.1:8080/api"}
            data: {csv: rows.csv, secret: [token]}
            profile:
              - name: get
                rps: 20
                request: {method: GET, path: "/items/${csv.id}?q=${random.int(1,9)}", headers: {X-Token: "${csv.token}", Accept: "*/*"}}
              - name: post
                rps: 5
                request: {method: POST, path: /items, headers: {Content-Type: application/json},
                          body: '{"n":"${random.string(5)}","u":"${random.uuid}","p":${random.decimal(1,9)},"s":${seq}}'}
                check: {status: 201}
            slo: {error_rate: 0.01, p99_ms: 500}
            phases:
              capacity: {start: 1, step: 1, max: 10, step_duration: 30s, warmup: 5s}
              soak: {hold: 1h, small_heap: 64m}
            """;
    /** The session keys: users, think time, flows, extracts and ${session.…} in path, header and body. */
    private static final String FLOW_PLAN = """
            name: fuzz
            target: {base_url: "http://127.0.0.1:8080/api"}
            data: {csv: rows.csv}
            users: {count: 5, think: 1s..2s, pacing: 3s}
            flows:
              - name: f
                weight: 2
                steps:
                  - name: a
                    request: {path: "/items/${csv.id}"}
                    extract: {id: {json: "$.items[0].id"}, t: {form_field: _csrf}, c: {cookie: S}, h: {header: Location}, r: {regex: "x(.)"}}
                  - name: b
                    request: {method: POST, path: "/items/${session.id}", headers: {X-T: "${session.t}"}, body: "a=${session.r}"}
                    check: {status: 201}
            """;
    /** The request keys beyond a text body: json, multipart (a file beside the plan), follow_redirects, a step's think. */
    private static final String BODY_PLAN = """
            name: fuzz
            target: {base_url: "http://127.0.0.1:8080/api"}
            data: {csv: rows.csv}
            users: {count: 2, think: 1s}
            flows:
              - name: f
                steps:
                  - name: a
                    request: {method: POST, path: /a, json: {id: "${csv.id}", n: "${seq}", ok: true, p: 1.5, tags: [x, "${csv.token}"]}, follow_redirects: 3}
                    extract: {id: {json: "$.id"}}
                    think: 10ms..20ms
                  - name: b
                    request: {method: POST, path: "/b/${session.id}", multipart: {t: "${session.id}", f: {file: photo.bin, content_type: image/png}}, follow_redirects: true}
                    think: exp(5ms)
            """;
    private static final String[] PLAN_TOKENS = {"\r", "\n", "\0", "\r\n", "\t", " ", ":", "{", "}", "[", "]", "'", "\"",
        "\\r\\n", "\\0", "${", "}", "${csv.token}", "${env.X}", "99999999999999h", "1e308", "-1", ":99999", "é", "\uFEFF",
        "#", "&a", "*a", "!!binary", "- ", "  ", "x".repeat(200), "${session.id}", "exp(", "..", "$.", "users: 3\n",
        "follow_redirects: ", "json: ", "multipart: ", "think: ", "file: ", "../", "true", "21"};

    /**
     * Seeds that once failed, run first every time: -5787562579002056165 made a flow plan's body read
     * '${sessi' LF 'on.r}', whose error message quoted the LF and so broke the one-line rule.
     */
    private static final long[] REGRESSION_SEEDS = {-5787562579002056165L};

    /** Runs {@code oneCase} on the regression seeds, seeds 0, 1, 2 … for FIXED_MS, then on random seeds for RANDOM_MS. */
    private static void fuzz(String what, LongConsumer oneCase) {
        for (long s : REGRESSION_SEEDS) run(what, s, oneCase);
        long end = System.nanoTime() + FIXED_MS * 1_000_000;
        long seed = 0;
        int cases = 0;
        while (System.nanoTime() < end) run(what, seed++, oneCase);
        Random seeds = new Random();
        end = System.nanoTime() + RANDOM_MS * 1_000_000;
        while (System.nanoTime() < end) {
            run(what, seeds.nextLong(), oneCase);
            cases++;
        }
        assertThat(seed + cases).as(what + " cases run").isGreaterThan(10);
    }

    private static void run(String what, long seed, LongConsumer oneCase) {
        try {
            oneCase.accept(seed);
        } catch (AssertionError | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new AssertionError(what + " failed on seed " + seed + ": " + e, e);
        }
    }

    private static void assertOneLine(BrinkUserException e) {
        assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r").hasSizeLessThan(1000);
    }

    @Test
    void plansParseOrFailInOneLineAndNeverInjectIntoTheHead() throws Exception {
        Files.writeString(dir.resolve("rows.csv"), "id,token\n1,t1\n2,t2\n");
        Files.write(dir.resolve("photo.bin"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, '\r', '\n', '-', '-'});
        java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
        List<String> bases = List.of(PLAN, FLOW_PLAN, BODY_PLAN);
        for (String base : bases) assertHeadsClean(PlanReader.parse(base, "plan.yaml", dir, n -> null)); // every base parses
        fuzz("plan", seed -> {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder(bases.get((int) Math.floorMod(seed, 3L)));
            int edits = 1 + r.nextInt(5);
            for (int e = 0; e < edits; e++) {
                int at = r.nextInt(sb.length());
                switch (r.nextInt(3)) {
                    case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(8)));
                    case 1 -> sb.insert(at, PLAN_TOKENS[r.nextInt(PLAN_TOKENS.length)]);
                    default -> sb.replace(at, at + 1, PLAN_TOKENS[r.nextInt(PLAN_TOKENS.length)]);
                }
            }
            Plan plan;
            try {
                plan = PlanReader.parse(sb.toString(), "plan.yaml", dir, n -> n.equals("X") ? "a\r\nb" : null);
            } catch (BrinkUserException e) {
                assertOneLine(e);
                assertThat(e.getMessage()).startsWith("plan.yaml");
                return;
            }
            accepted.incrementAndGet();
            try {
                assertHeadsClean(plan);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertThat(accepted.get()).as("mutated plans that parsed, so their heads were checked").isPositive();
    }

    /** Encodes each operation and checks its head: the request line, Host, its headers, Content-Length — no more lines. */
    private void assertHeadsClean(Plan plan) throws Exception {
        CsvFeeder feeder = plan.data() == null ? null : CsvFeeder.load(plan.data().csv(), false);
        RequestContext ctx = new RequestContext(1, feeder);
        // every value the plan extracts, holding bytes a path must encode: the head must stay clean all the same
        Session session = new Session();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Plan.Operation op : plan.profile()) {
            for (Plan.Extract e : op.extract()) {
                names.add(e.name());
                session.put(e.name().intern(), "a b/\u00e9?".getBytes(StandardCharsets.UTF_8));
            }
        }
        for (Plan.Operation op : plan.profile()) {
            RequestEncoder enc;
            try {
                enc = new RequestEncoder(plan.target().baseUrl(), op.request(), feeder == null ? List.of() : feeder.columns(), n -> "v", names);
            } catch (Template.Invalid e) {
                throw new AssertionError("a plan that parsed did not compile: " + e.getMessage());
            }
            for (int i = 0; i < 3; i++) {
                ctx.next();
                ctx.session = session;
                if (enc.refuses(ctx)) continue;
                ByteBuf buf = Unpooled.buffer();
                enc.encode(buf, ctx);
                String wire = buf.toString(StandardCharsets.ISO_8859_1);
                String head = wire.substring(0, wire.indexOf("\r\n\r\n"));
                String[] lines = head.split("\r\n", -1);
                int expected = 2 + op.request().headers().size() + (wire.contains("Content-Length:") ? 1 : 0);
                assertThat(lines).as(head).hasSize(expected);
                for (String l : lines) assertThat(l).doesNotContain("\r").doesNotContain("\n").doesNotContain("\0");
                assertThat(lines[0].split(" ", -1)).as(lines[0]).hasSize(3);
            }
        }
    }

    @Test
    void csvFilesLoadOrFailInOneLineAndMarkEveryUnsafeValue() throws Exception {
        byte[] original = "id,name,token\n1,ann,t1\n2,\"b,ob\",t2\n3,\"c \"\"q\"\"\",t3\n".getBytes(StandardCharsets.UTF_8);
        Path csv = dir.resolve("f.csv");
        fuzz("csv", seed -> {
            Random r = new Random(seed);
            byte[] b = original.clone();
            int flips = 1 + r.nextInt(6);
            for (int i = 0; i < flips; i++) {
                int at = r.nextInt(b.length);
                b[at] = switch (r.nextInt(5)) {
                    case 0 -> 0;
                    case 1 -> ' ';
                    case 2 -> '"';
                    case 3 -> ',';
                    default -> (byte) r.nextInt(256);
                };
            }
            try {
                Files.write(csv, b);
                CsvFeeder f = CsvFeeder.load(csv, false);
                for (int row = 0; row < f.size(); row++) {
                    for (int c = 0; c < f.columns().size(); c++) {
                        byte[] v = f.row(row)[c];
                        for (Template.Field field : Template.Field.values()) {
                            boolean marked = (f.unsafe(row, field) & (1L << c)) != 0;
                            assertThat(marked).isEqualTo(field.forbids(v));
                        }
                    }
                }
            } catch (BrinkUserException e) {
                assertOneLine(e);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void templatesCompileOrAreRejectedAndNeverWriteForbiddenBytes() {
        String[] pieces = {"${", "}", "$${", "seq", "random.int(", "random.string(", "random.decimal(", "random.uuid", "env.E",
            "csv.c", ",", ")", "-1", "9999999999999999999", "0", "65537", "\r", "\n", "\0", " ", "/", "a", "é"};
        fuzz("template", seed -> {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            int n = r.nextInt(12);
            for (int i = 0; i < n; i++) sb.append(pieces[r.nextInt(pieces.length)]);
            for (Template.Field field : Template.Field.values()) {
                Template t;
                try {
                    t = Template.compile(sb.toString(), List.of("c"), name -> name.equals("E") ? "e\nv" : null, field);
                } catch (Template.Invalid e) {
                    assertThat(e.getMessage()).doesNotContain("e\nv");
                    assertThat(e.offset).isBetween(0, sb.length());
                    continue;
                }
                RequestContext ctx = new RequestContext(seed, null);
                ctx.row = new byte[][] {"x".getBytes(StandardCharsets.UTF_8)};
                ctx.next();
                ByteBuf buf = Unpooled.buffer();
                t.write(buf, ctx);
                byte[] out = new byte[buf.readableBytes()];
                buf.readBytes(out);
                assertThat(field.forbids(out)).as("%s wrote %s", field, new String(out, StandardCharsets.UTF_8)).isFalse();
            }
        });
    }
}
