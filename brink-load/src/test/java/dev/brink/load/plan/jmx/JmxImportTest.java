package dev.brink.load.plan.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.ImportedPlan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test plans written by JMeter itself (its own templates and examples, Apache-2.0, see the NOTICE beside them). */
class JmxImportTest {
    @TempDir
    Path dir;

    private String resource(String name) throws Exception {
        return new String(getClass().getResourceAsStream("/jmx/" + name).readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void jmetersAdvancedWebTemplateBecomesAPlanAndEverySkippedElementIsNamed() throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("build-adv-web-test-plan.jmx"), "adv.jmx", dir);
        Plan p = PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null);
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://site.example");
        assertThat(p.users().count()).isEqualTo(1);
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("Home-Page", "Changes");
        assertThat(r.plan()).contains("think: 1000ms..1100ms", "body: \"<title>Apache JMeter - Changes</title>\"",
                "bugId: {regex: \"https://bz.apache.org/bugzilla/show_bug.cgi\\\\?id=([^\\\"]+?)\\\"\"}",
                "\"Accept\": \"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\"");
        assertThat(r.skipped()).contains(
                "HTTPSamplerProxy 'Login': disabled in the plan",
                "ResultCollector 'View Results Tree': not converted (Brink converts thread groups, HTTP samplers, header and"
                        + " cookie managers, CSV data sets, regex and JSON extractors, response assertions, constant and uniform timers)")
                .anyMatch(s -> s.startsWith("HTTPSamplerProxy 'BugDetail Page': another server (https://bz.site.example)"))
                .anyMatch(s -> s.startsWith("GaussianRandomTimer 'Wait5s Before Page': not converted"))
                .anyMatch(s -> s.startsWith("CSVDataSet 'loginData': its file name uses ${resources_folder}, which Brink cannot fill"))
                .anyMatch(s -> s.startsWith("TestAction 'ThinkTime': a flow-control action"));
    }

    @Test
    void httpsDefaultsBecomeAnHttpsTarget() throws Exception {
        // the same plan with its HTTP Request Defaults set to https on port 8443, as a plan for a TLS site has them
        String jmx = resource("build-adv-web-test-plan.jmx")
                .replaceFirst("<stringProp name=\"HTTPSampler.port\"></stringProp>", "<stringProp name=\"HTTPSampler.port\">8443</stringProp>")
                .replaceFirst("<stringProp name=\"HTTPSampler.protocol\"></stringProp>", "<stringProp name=\"HTTPSampler.protocol\">https</stringProp>");
        JmxImport.Result r = JmxImport.convert(jmx, "adv.jmx", dir);
        Plan p = PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null);
        assertThat(p.target().baseUrl().toString()).isEqualTo("https://site.example:8443");
        assertThat(p.target().tls()).isTrue();
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("Home-Page", "Changes");
    }

    @Test
    void aPlanWithoutHttpSamplersOrNotXmlIsOneClearLine() throws Exception {
        assertThatThrownBy(() -> JmxImport.convert(resource("CSVSample.jmx"), "CSVSample.jmx", dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("CSVSample.jmx: no HTTP sampler in an enabled thread group could be converted");
        assertThatThrownBy(() -> JmxImport.convert("<jmeterTestPlan><hashTree>", "x.jmx", dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("x.jmx:1:");
        assertThatThrownBy(() -> JmxImport.convert("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>", "x.jmx", dir))
                .isInstanceOf(BrinkUserException.class).hasMessageNotContaining("root:");
    }

    /** Fuzzed test plans: a plan Brink reads, or one line naming the file; never anything else. */
    @Test
    void fuzzedTestPlansGiveAPlanOrOneClearError() throws Exception {
        String seed = resource("build-adv-web-test-plan.jmx");
        Random rnd = new Random(26);
        long end = System.nanoTime() + Duration.ofSeconds(Long.getLong("fuzz.s", 1)).toNanos();
        int plans = 0;
        while (System.nanoTime() < end) {
            StringBuilder b = new StringBuilder(seed);
            for (int k = 0; k < 1 + rnd.nextInt(4); k++) {
                int at = rnd.nextInt(b.length());
                switch (rnd.nextInt(3)) {
                    case 0 -> b.deleteCharAt(at);
                    case 1 -> b.insert(at, "<>/\"'=&${}x0".charAt(rnd.nextInt(12)));
                    default -> b.setCharAt(at, (char) (' ' + rnd.nextInt(95)));
                }
            }
            try {
                JmxImport.Result r = JmxImport.convert(b.toString(), "f.jmx", dir);
                ImportedPlan.readBack(r.plan(), "f.jmx", "plan.yaml", dir);
                plans++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).startsWith("f.jmx").doesNotContain("\n");
            }
        }
        assertThat(plans).as("most small changes still make a plan").isPositive();
    }
}
