package dev.brink.load.plan.bind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class PlanTest {
    public static final String DESIGN_PLAN = """
            name: book
            target:
              base_url: http://127.0.0.1:8080
              jvm: {pid: 12345}
            profile:
              - name: get-book
                rps: 20
                request: {method: GET, path: "/books/${random.int(1,1000)}"}
              - name: add-book
                rps: 10
                request: {method: POST, path: /books, headers: {Content-Type: application/json},
                          body: '{"title":"${random.string(12)}","price":${random.decimal(1,100)}}'}
                check: {status: 201}
              - name: reprice
                rps: 10
                request: {method: PUT, path: "/books/${random.int(1,1000)}/price", body: "${random.decimal(1,100)}"}
            slo: {error_rate: 0.01, p99_ms: 500}
            phases:
              capacity: {start: 1, step: 1, max: 100, step_duration: 30s, warmup: 5s, refine: true}
              confirm:  {ramp: 60s, hold: 1h}
              soak:     {multiplier: 1, hold: 2h, small_heap: 64m}
            """;

    @TempDir
    Path dir;

    static Plan parse(String yaml) throws BrinkUserException {
        return PlanReader.parse(yaml, "plan.yaml", Path.of("."), Map.of("TOKEN", "s3cr3t-value")::get);
    }

    @Test
    void readsTheDesignExampleCompletely() throws Exception {
        Plan p = parse(DESIGN_PLAN);
        assertThat(p.name()).isEqualTo("book");
        assertThat(p.target().baseUrl().getPort()).isEqualTo(8080);
        assertThat(p.target().jvm().pid()).isEqualTo(12345L);
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("get-book", "add-book", "reprice");
        assertThat(p.totalRps()).isEqualTo(40.0);
        assertThat(p.profile().get(1).check().status()).isEqualTo(201);
        assertThat(p.profile().get(1).request().headers()).containsExactly(new Plan.Header("Content-Type", "application/json", false));
        assertThat(p.slo()).isEqualTo(new Plan.Slo(0.01, 500));
        assertThat(p.phases().capacity()).isEqualTo(new Plan.Capacity(1, 1, 100, Duration.ofSeconds(30), Duration.ofSeconds(5), true));
        assertThat(p.phases().confirm()).isEqualTo(new Plan.Confirm(Duration.ofSeconds(60), Duration.ofHours(1)));
        assertThat(p.phases().soak()).isEqualTo(new Plan.Soak(1, Duration.ofHours(2), 64L * 1024 * 1024));
    }

    @Test
    void failOnGateAndAGivenConfirmMultiplier() throws Exception {
        Plan p = parse(DESIGN_PLAN.replace("confirm:  {ramp: 60s, hold: 1h}", "confirm:  {ramp: 60s, hold: 1h, multiplier: 12}")
                + "fail_on: {capacity_below: 20, confirm: degraded, soak: leak, findings: critical}\n");
        assertThat(p.phases().confirm().multiplier()).isEqualTo(12.0);
        assertThat(p.failOn()).isEqualTo(new Plan.FailOn(20.0, true, true, "critical"));
        assertThat(parse(DESIGN_PLAN).failOn()).isEqualTo(Plan.FailOn.NEVER);
        assertError(DESIGN_PLAN + "fail_on: {soak: stable}\n", "fail_on.soak: expected leak");
        assertError(DESIGN_PLAN + "fail_on: {findings: fatal}\n", "fail_on.findings: expected critical, warning or info");
        assertError(DESIGN_PLAN + "fail_on: {latency: 3}\n", "fail_on");
    }

    @Test
    void failOnThresholdsAloneOrBesideTheVerdicts() throws Exception {
        Plan alone = parse(DESIGN_PLAN + "fail_on: p99>200ms, errors>1%\n");
        assertThat(alone.failOn().thresholds().thresholds()).extracting(t -> t.text()).containsExactly("p99>200ms", "errors>1%");
        assertThat(alone.failOn().capacityBelow()).isNull();
        Plan both = parse(DESIGN_PLAN + "fail_on: {capacity_below: 2, thresholds: 'rate<95%,findings>=critical'}\n");
        assertThat(both.failOn().capacityBelow()).isEqualTo(2.0);
        assertThat(both.failOn().thresholds().thresholds()).hasSize(2);
        // the bad term is named at its own column: after "fail_on: p99>200ms, " on the line after the plan
        assertError(DESIGN_PLAN + "fail_on: p99>200ms, p98>1s\n", "plan.yaml:22:21: fail_on: 'p98>1s': expected thresholds like");
        assertError(DESIGN_PLAN + "fail_on: {thresholds: 'errors>150%'}\n", "fail_on.thresholds: 'errors>150%': expected a percentage");
    }

    @Test
    void aLaunchedTargetsStartTimeout() throws Exception {
        String base = "profile: [{name: a, rps: 1, request: {path: /}}]\nname: x\n";
        Plan.Jvm jvm = parse(base + "target: {base_url: 'http://localhost:1', jvm: {launch: [java, -jar, a.jar], start_timeout: 3m}}").target().jvm();
        assertThat(jvm.startTimeoutOrDefault()).isEqualTo(Duration.ofMinutes(3));
        assertThat(parse(base + "target: {base_url: 'http://localhost:1', jvm: {launch: [java]}}").target().jvm().startTimeoutOrDefault())
                .isEqualTo(Plan.Jvm.DEFAULT_START_TIMEOUT);
        assertError(base + "target: {base_url: 'http://localhost:1', jvm: {pid: 12, start_timeout: 3m}}",
                "target.jvm.start_timeout: expected start_timeout beside launch");
        assertError(base + "target: {base_url: 'http://localhost:1', jvm: {launch: [java], start_timeout: soon}}",
                "target.jvm.start_timeout: expected a duration");
    }

    @Test
    void jmxAndLaunchTargets() throws Exception {
        String base = "profile: [{name: a, rps: 1, request: {path: /}}]\nname: x\n";
        assertThat(parse(base + "target: {base_url: 'http://localhost:1', jvm: {jmx: 'h:9010'}}").target().jvm().jmx()).isEqualTo("h:9010");
        assertThat(parse(base + "target: {base_url: 'http://localhost:1', jvm: {launch: [java, -jar, a.jar]}}").target().jvm().launch())
                .containsExactly("java", "-jar", "a.jar");
        // the application's packages, for the findings that name its code
        Plan.Jvm jvm = parse(base + "target: {base_url: 'http://localhost:1', jvm: {pid: 7, app_packages: [com.acme.shop, org.example]}}")
                .target().jvm();
        assertThat(jvm.pid()).isEqualTo(7L);
        assertThat(jvm.appPackages()).containsExactly("com.acme.shop", "org.example");
        assertThat(parse(base + "target: {base_url: 'http://localhost:1', jvm: {pid: 7}}").target().jvm().appPackages()).isEmpty();
        assertError(base + "target: {base_url: 'http://localhost:1', jvm: {pid: 7, app_packages: ['com acme']}}",
                "target.jvm.app_packages: expected a Java package name such as com.acme.shop");
        assertError(base + "target: {base_url: 'http://localhost:1', jvm: {app_packages: [com.acme]}}",
                "target.jvm: expected exactly one of pid, jmx, launch");
    }

    @Test
    void errorsNameFileLineColumnAndWhatWasExpected() {
        assertError(DESIGN_PLAN.replace("rps: 20", "rps: fast"), "plan.yaml:7:10: profile[0].rps: expected a number");
        assertError(DESIGN_PLAN.replace("method: GET", "method: FETCH"), "plan.yaml:8:23: profile[0].request.method: expected one of GET");
        assertError(DESIGN_PLAN.replace("random.int(1,1000)}\"}", "random.nt(1,1000)}\"}"), "plan.yaml:8:");
        assertError(DESIGN_PLAN.replace("step_duration: 30s", "step_duration: soon"), "phases.capacity.step_duration: expected a duration");
        assertError(DESIGN_PLAN.replace("error_rate: 0.01", "error_rate: 2"), "slo.error_rate: expected a number from 0 to 1");
        assertError(DESIGN_PLAN.replace("base_url: http://127.0.0.1:8080", "base_url: ftp://x"), "plan.yaml:3:13: target.base_url: expected an http:// or https://host:port/path URL");
        assertError(DESIGN_PLAN.replace("  jvm: {pid: 12345}", "  jvm: {pid: 1, jmx: 'a:1'}"), "target.jvm: expected exactly one of pid, jmx, launch");
        assertError(DESIGN_PLAN.replace("slo:", "sloo:"), "plan.yaml:17:7: plan: expected one of the keys name, target, users, profile, flows, slo, phases, data, fail_on, got 'sloo'");
        assertError(DESIGN_PLAN.replace("status: 201", "status: 999"), "profile[1].check.status: expected an integer from 100 to 599");
        assertError(DESIGN_PLAN.replace("name: reprice", "name: get-book"), "profile[2].name: expected a name not used by another operation");
        assertError("name: x\n", "plan.yaml:1:1: plan: expected a 'target' key");
        assertError("", "plan.yaml:1:1: expected a plan");
        assertError("name: [unclosed\n", "plan.yaml:1:16: expected valid YAML: while parsing a flow sequence");
        assertError(DESIGN_PLAN.replace("${random.int(1,1000)}/price", "${csv.id}"), "expected a data: csv feeder for ${csv.id}");
        assertError(DESIGN_PLAN.replace("${random.decimal(1,100)}\"}", "${env.NOPE}\"}"), "expected environment variable NOPE to be set");
    }

    @Test
    void csvFeederAndSecrets() throws Exception {
        Files.writeString(dir.resolve("users.csv"), "user,password\nann,pw1\nbob,\"p,w2\"\n");
        String yaml = """
                name: login
                target: {base_url: 'http://127.0.0.1:9'}
                data: {csv: users.csv, order: random, secret: [password]}
                profile:
                  - name: login
                    rps: 5
                    request:
                      method: POST
                      path: /login/${csv.user}
                      headers: {X-Token: {value: "literal-secret", secret: true}, Authorization: "Bearer ${env.TOKEN}"}
                      body: "${csv.password}"
                """;
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, yaml);
        Plan p = PlanReader.parse(yaml, file.toString(), dir, Map.of("TOKEN", "s3cr3t-value")::get);
        assertThat(p.data().random()).isTrue();
        assertThat(p.data().columns()).containsExactly("user", "password");
        assertThat(p.data().secretColumns()).containsExactly("password");
        Plan r = p.redacted();
        assertThat(r.toString()).doesNotContain("literal-secret").doesNotContain("s3cr3t-value");
        assertThat(r.profile().get(0).request().headers()).allMatch(Plan.Header::secret);
        assertThatThrownBy(() -> PlanReader.parse(yaml.replace("secret: [password]", "secret: [pass]"), "plan.yaml", dir, n -> "x"))
                .hasMessageContaining("plan.yaml:3:48: data.secret: expected a CSV column");
    }

    @Test
    void fuzzedPlansFailOnlyWithUserErrors() {
        assertMutationsFailOnlyWithUserErrors(DESIGN_PLAN, 42, 3000, ":{}[]-'\"\n #,&*!|>$%@`\t0a");
    }

    /** Mutates {@code base} {@code cases} times (seeded): each result parses, or fails with one located line. */
    public static void assertMutationsFailOnlyWithUserErrors(String base, long seed, int cases, String chars) {
        Random rnd = new Random(seed);
        for (int i = 0; i < cases; i++) {
            StringBuilder sb = new StringBuilder(base);
            int edits = 1 + rnd.nextInt(4);
            for (int e = 0; e < edits; e++) {
                int at = rnd.nextInt(sb.length());
                switch (rnd.nextInt(3)) {
                    case 0 -> sb.deleteCharAt(at);
                    case 1 -> sb.insert(at, chars.charAt(rnd.nextInt(chars.length())));
                    default -> sb.setCharAt(at, chars.charAt(rnd.nextInt(chars.length())));
                }
            }
            try {
                parse(sb.toString());
            } catch (BrinkUserException expected) {
                assertThat(expected.getMessage()).doesNotContain("\n").startsWith("plan.yaml");
            } catch (RuntimeException bug) {
                throw new AssertionError("mutated plan escaped with " + bug + ":\n" + sb, bug);
            }
        }
    }

    private static void assertError(String yaml, String expected) {
        assertThatThrownBy(() -> parse(yaml)).isInstanceOf(BrinkUserException.class).hasMessageContaining(expected);
    }
}
