package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.summary.OperationResult;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.bind.ImportedPlan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.plan.har.HarImport;
import dev.brink.load.plan.jmx.JmxImport;
import dev.brink.load.testing.WebTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The corpus of public files nobody here wrote (test resources jmx/ and har/corpus/, origins and licences in their
 * NOTICE files): each imports with no error, and its plan runs against one local HTTPS server (HTTP/2 or HTTP/1.1 by
 * ALPN) standing in for the site it was written for ({@link CorpusSites}), with no error: a wrong path, a missing
 * header or form field, an unfilled value or a lost correlation would each be refused by the site and fail the run.
 *
 * <p>What the run changes, to fit the CI budget: the target (this server, trusting its test CA), at most 4 users, and
 * no think times or pacing (the importers' tests check those values); everything else runs as the plan is written.
 */
class ImportCorpusTest {
    private static final Duration RUN = Duration.ofMillis(300);
    @TempDir
    static Path dir;
    private static WebTestServer server;
    private static Path ca;

    @BeforeAll
    static void start() throws Exception {
        server = new WebTestServer(WebTestServer.Wire.TLS_H2_OR_HTTP1);
        ca = WebTestServer.file(dir, "ca.pem");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String resource(String name) throws Exception {
        return new String(ImportCorpusTest.class.getResourceAsStream(name).readAllBytes(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mitmproxy-chrome.har", "mitmproxy-postdata.har", "pagexray-sitespeed.io-redirecting-to-https.har",
        "pagexray-www.etat.lu.har", "har-to-k6-x-www-form-url-encoded.har", "har-to-k6-full.har"})
    void aRecordingImportsAndItsPlanReplaysWithoutAnError(String file) throws Exception {
        String har = resource("/har/corpus/" + file);
        HarImport.Result r = HarImport.convert(har, file, null, false);
        ImportedPlan.readBack(r.plan(), file, "plan.yaml", dir);
        String origin = origin(r.plan());
        CorpusSites sites = new CorpusSites();
        server.serve(sites.replay(har, origin, server.url()));
        String token = CorpusSites.authorization(har);
        run(r.plan(), sites, r.steps(), n -> n.equals("BRINK_AUTHORIZATION") ? token : null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"petclinic-jmeter-crud-benchmark.jmx", "petclinic_test_plan.jmx", "build-adv-web-test-plan.jmx"})
    void aJmeterPlanImportsAndRunsAgainstItsApplicationWithoutAnError(String file) throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("/jmx/" + file), file, dir);
        ImportedPlan.readBack(r.plan(), file, "plan.yaml", dir);
        // every sampler converts, or is left out for a JMeter feature Brink has not (named in the reason)
        assertThat(r.skipped()).noneMatch(s -> s.startsWith("HTTPSamplerProxy") && !s.matches(".*: (uses \\$\\{\\w+} \\(a variable no "
                + "converted element sets\\)|disabled in the plan|another server .*)"));
        CorpusSites sites = new CorpusSites();
        server.serve(switch (file) {
            case "petclinic-jmeter-crud-benchmark.jmx" -> sites.petclinicRest();
            case "petclinic_test_plan.jmx" -> sites.petclinic();
            default -> sites.jmeterSite();
        });
        run(r.plan(), sites, r.steps(), n -> null);
    }

    private static String origin(String plan) {
        Matcher m = Pattern.compile("base_url: \"([^\"]+)\"").matcher(plan);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static void run(String planText, CorpusSites sites, int steps, java.util.function.UnaryOperator<String> env) throws Exception {
        String local = planText.replaceFirst("base_url: \"[^\"]+\"", "base_url: \"" + server.url() + "\", ca_cert: \"" + ca + "\"")
                .replaceAll("(?m)^ +think: .*\\n", "").replaceAll(", pacing: [0-9]+ms", "");
        Plan plan = PlanReader.parse(local, "plan.yaml", dir, env);
        int users = Math.min(4, plan.users().count());
        StepResult s;
        try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(8), null, env)) {
            s = engine.run(LoadStep.closed("corpus", users, Duration.ZERO, RUN));
        } finally {
            server.serve(null);
        }
        assertThat(sites.firstWrong).as("requests the site refused").isEmpty();
        assertThat(s.errors()).as(local).isEmpty();
        assertThat(s.operations()).hasSize(steps).allSatisfy(o -> assertThat(o.ok()).as(o.name()).isPositive());
        assertThat(s.operations().stream().mapToLong(OperationResult::ok).sum()).isGreaterThanOrEqualTo(steps);
    }
}
