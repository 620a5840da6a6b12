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
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test plans written by others (JMeter's own template, the Spring PetClinic projects' plans: see the NOTICE beside
 * them), converted by JMeter's scoping, and small plans of this test's own for what those do not show.
 */
class JmxImportTest {
    @TempDir
    Path dir;

    static String resource(String name) throws Exception {
        return new String(JmxImportTest.class.getResourceAsStream("/jmx/" + name).readAllBytes(), StandardCharsets.UTF_8);
    }

    private Plan plan(JmxImport.Result r, Map<String, String> params) throws Exception {
        return PlanReader.parse(r.plan(), "plan.yaml", dir, n -> null, params);
    }

    /**
     * PetClinic REST's CRUD plan keeps its HTTP Request Defaults, header manager and throughput timer after the thread
     * group, and takes its load from properties: by JMeter's scoping they apply to every sampler all the same.
     */
    @Test
    void elementsAfterTheThreadGroupApplyAndPropertiesBecomeParameters() throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("petclinic-jmeter-crud-benchmark.jmx"), "crud.jmx", dir);
        assertThat(r.steps()).isEqualTo(8);
        assertThat(r.skipped()).containsExactly("ResultCollector 'Summary Report': a listener (Brink records every request itself:"
                + " the run directory and its report)");
        Plan p = plan(r, Map.of());
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://localhost:9966");
        assertThat(p.profile()).allSatisfy(o -> assertThat(o.request().headers()).extracting(Plan.Header::name)
                .containsExactly("Content-Type", "Accept"));
        assertThat(p.profile().get(1).request().path()).isEqualTo("/petclinic/api/owners/${session.owner_id}/pets");
        assertThat(p.users().count()).isEqualTo(50);
        assertThat(p.users().pacing()).isEqualTo(Duration.ofMillis(480)); // 1000 samples/min a thread, 8 samplers a pass
        assertThat(p.phases().confirm().ramp()).isEqualTo(Duration.ofSeconds(60));
        assertThat(p.phases().confirm().hold()).isEqualTo(Duration.ofSeconds(300));
        assertThat(r.plan()).contains("threads: \"50\"  # from ${__P(threads,50)}", "# a default: JMeter's plan states no SLO");
        // -Jthreads=100 -Jduration=600, as the project's README runs it
        Plan set = plan(r, Map.of("threads", "100", "duration", "600"));
        assertThat(set.users().count()).isEqualTo(100);
        assertThat(set.phases().confirm().hold()).isEqualTo(Duration.ofSeconds(600));
    }

    /** PetClinic's own plan: two Counter config elements in 7 of its 13 samplers, HTTP defaults from variables. */
    @Test
    void countersBecomeCounterGeneratorsAndEverySamplerConverts() throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("petclinic_test_plan.jmx"), "petclinic.jmx", dir);
        assertThat(r.steps()).isEqualTo(13);
        Plan p = plan(r, Map.of());
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://localhost:8080");
        assertThat(p.profile().get(6).request().path()).isEqualTo("/owners/${counter(1,1,3)}");
        assertThat(p.profile().get(10).request().form()).containsEntry("name", "Test Fluffy ${counter(1,1,3)}");
        assertThat(p.profile().get(8).request().form()).containsEntry("address", "1234 Test St."); // sent encoded, as JMeter does
        assertThat(p.profile()).allSatisfy(o -> assertThat(o.think()).hasToString("300ms"));
        assertThat(p.users().count()).isEqualTo(500);
        assertThat(r.plan()).contains("10 loops per thread, which Brink does not count: held 1m by default");
    }

    @Test
    void jmetersAdvancedWebTemplateConvertsAndEverySkippedElementIsNamed() throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("build-adv-web-test-plan.jmx"), "adv.jmx", dir);
        Plan p = plan(r, Map.of());
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://site.example");
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("Home-Page", "Changes");
        // the Flow Control Action's uniform timer and the Gaussian timer under Changes both run before Changes
        assertThat(p.profile().get(0).think()).hasToString("5134ms..6966ms");
        assertThat(p.profile().get(1).think()).hasToString("1s..1100ms");
        assertThat(r.plan()).contains("body: \"<title>Apache JMeter - Changes</title>\"",
                "Accept: \"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\"");
        assertThat(r.skipped()).contains("HTTPSamplerProxy 'Login': disabled in the plan",
                "HTTPSamplerProxy 'BugDetail Page': uses ${bugId} (a variable no converted element sets)",
                "RegexExtractor 'randomBugIdExtractor': a random match (Brink takes the first)",
                "GaussianRandomTimer 'Wait5s Before BugDetail Page': applies to no sampler Brink converted")
                .anyMatch(s -> s.startsWith("CSVDataSet 'loginData': its file '${resources_folder}/login.csv' is not there"));
    }

    /**
     * JMeter's scoping in one plan of this test's own: defaults and headers from a controller after the samplers, an
     * inner header replacing an outer one, a timer of the controller before each of its samplers, an extractor of the
     * thread group on every sampler, functions as generators.
     */
    @Test
    void scopeFollowsTheTreeAndFunctionsBecomeGenerators() throws Exception {
        String jmx = """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="scopes"/><hashTree>
                    <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="shoppers">
                      <stringProp name="ThreadGroup.num_threads">4</stringProp></ThreadGroup><hashTree>
                      <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="browse"/><hashTree>
                        <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="list">
                          <stringProp name="HTTPSampler.path">/items?u=${__threadNum}&amp;n=${__counter(FALSE,)}&amp;r=${__Random(1,9,)}</stringProp>
                        </HTTPSamplerProxy><hashTree/>
                        <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="item">
                          <stringProp name="HTTPSampler.path">/items/${id}?t=${__time(,)}&amp;x=${__UUID()}</stringProp>
                        </HTTPSamplerProxy><hashTree>
                          <HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="inner headers">
                            <collectionProp name="HeaderManager.headers"><elementProp name="" elementType="Header">
                              <stringProp name="Header.name">accept</stringProp><stringProp name="Header.value">text/html</stringProp>
                            </elementProp></collectionProp></HeaderManager><hashTree/>
                        </hashTree>
                        <ConstantTimer guiclass="ConstantTimerGui" testclass="ConstantTimer" testname="wait">
                          <stringProp name="ConstantTimer.delay">${__P(wait,250)}</stringProp></ConstantTimer><hashTree/>
                        <ConfigTestElement guiclass="HttpDefaultsGui" testclass="ConfigTestElement" testname="defaults">
                          <stringProp name="HTTPSampler.domain">shop.example</stringProp>
                          <stringProp name="HTTPSampler.port">8081</stringProp></ConfigTestElement><hashTree/>
                        <HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="outer headers">
                          <collectionProp name="HeaderManager.headers"><elementProp name="" elementType="Header">
                            <stringProp name="Header.name">Accept</stringProp><stringProp name="Header.value">application/json</stringProp>
                          </elementProp></collectionProp></HeaderManager><hashTree/>
                      </hashTree>
                      <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="search">
                        <stringProp name="HTTPSampler.domain">shop.example</stringProp><stringProp name="HTTPSampler.port">8081</stringProp>
                        <stringProp name="HTTPSampler.path">/search?q=${__RandomString(5,abc,)}&amp;d=${__time(yyyyMMdd,)}</stringProp>
                      </HTTPSamplerProxy><hashTree/>
                      <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="outside">
                        <stringProp name="HTTPSampler.path">/about</stringProp>
                      </HTTPSamplerProxy><hashTree/>
                      <RegexExtractor guiclass="RegexExtractorGui" testclass="RegexExtractor" testname="first id">
                        <stringProp name="RegexExtractor.refname">id</stringProp>
                        <stringProp name="RegexExtractor.regex">id=(\\d+)</stringProp>
                        <stringProp name="RegexExtractor.template">$1$</stringProp></RegexExtractor><hashTree/>
                    </hashTree>
                  </hashTree>
                </hashTree></jmeterTestPlan>
                """;
        JmxImport.Result r = JmxImport.convert(jmx, "scopes.jmx", dir);
        assertThat(r.steps()).as(r.skipped().toString()).isEqualTo(2);
        Plan p = plan(r, Map.of());
        assertThat(p.target().baseUrl().toString()).isEqualTo("http://shop.example:8081");
        Plan.Operation list = p.profile().get(0);
        Plan.Operation item = p.profile().get(1);
        assertThat(list.request().path()).isEqualTo("/items?u=${user}&n=${seq}&r=${random.int(1,9)}");
        assertThat(item.request().path()).isEqualTo("/items/${session.id}?t=${time.ms}&x=${random.uuid}");
        assertThat(list.request().headers()).containsExactly(new Plan.Header("Accept", "application/json", false));
        assertThat(item.request().headers()).containsExactly(new Plan.Header("accept", "text/html", false));
        // the controller's timer runs before both of its samplers: after 'list', and after the last step before 'list'
        assertThat(list.think()).hasToString("250ms");
        assertThat(list.extract()).extracting(Plan.Extract::name).containsExactly("id");
        assertThat(item.extract()).extracting(Plan.Extract::name).containsExactly("id");
        assertThat(plan(r, Map.of("wait", "40")).profile().get(0).think()).hasToString("250ms"); // a sum of timers: the default
        // the defaults inside 'browse' do not reach a sampler outside it
        assertThat(r.skipped()).containsExactly("HTTPSamplerProxy 'search': uses ${__time(yyyyMMdd,)} (a date format: Brink writes"
                + " the time as epoch milliseconds or seconds)", "HTTPSamplerProxy 'outside': uses no host Brink can tell (HTTPSampler.domain '')");
    }

    @Test
    void whatJmeterCannotLoadIsOneLineNamingWhere() throws Exception {
        String adv = resource("build-adv-web-test-plan.jmx");
        assertThatThrownBy(() -> JmxImport.convert(adv.replaceFirst("<TestAction ", "<TestActon ").replaceFirst("</TestAction>", "</TestActon>"), "x.jmx", dir))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageMatching("x\\.jmx:156:[0-9]+: unknown element <TestActon> \\(neither one of JMeter's elements nor a plugin's"
                        + " class name: JMeter cannot load this plan either\\)");
        assertThatThrownBy(() -> JmxImport.convert(adv.replaceFirst("\\?>", "?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"),
                "x.jmx", dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("x.jmx:2:").hasMessageEndingWith("expected a JMeter test plan without a DOCTYPE (JMeter never"
                        + " writes one; a DTD could make the reader open files)");
        assertThatThrownBy(() -> JmxImport.convert("<jmeterTestPlan><hashTree>", "x.jmx", dir)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("x.jmx:1:");
    }

    @Test
    void nothingConvertedStillListsEveryElement() throws Exception {
        JmxImport.Result r = JmxImport.convert(resource("CSVSample.jmx"), "CSVSample.jmx", dir);
        assertThat(r.plan()).isNull();
        assertThat(r.steps()).isZero();
        assertThat(r.skipped()).isNotEmpty().allSatisfy(s -> assertThat(s).matches("[A-Za-z0-9.]+ '[^']*': .+"))
                .anyMatch(s -> s.startsWith("ThreadGroup ") && s.endsWith(": no HTTP sampler in it converted"));
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
                if (r.plan() != null) ImportedPlan.readBack(r.plan(), "f.jmx", "plan.yaml", dir);
                plans++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).startsWith("f.jmx").doesNotContain("\n");
            }
        }
        assertThat(plans).as("most small changes still make a plan").isPositive();
    }
}
