package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brink import har} on a recording from headless Chromium: a plan Brink reads, and a list of what it left out. */
class ImportCommandTest {
    @TempDir
    Path dir;

    @Test
    void aRecordingBecomesAPlanFileAndWhatWasLeftOutIsListed() throws Exception {
        Path har = dir.resolve("recorded.har");
        Files.write(har, getClass().getResourceAsStream("/har/recorded.har").readAllBytes());
        Path plan = dir.resolve("plan.yaml");
        BrinkRun r = BrinkRun.brink("import", "har", har.toString(), "--out", plan.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.err).contains("brink import har: 3 requests as one flow in " + plan, "2 correlations")
                .containsPattern("left out +GET http://127.0.0.1:[0-9]+/app.css: static asset")
                .contains("correlation  csrf = form_field _csrf from get-root, sent by post-login");
        Plan p = PlanReader.load(plan);
        assertThat(p.flows()).hasSize(1);
        assertThat(p.profile()).extracting(Plan.Operation::name).containsExactly("get-root", "post-login", "get-owners-id");
    }

    @Test
    void aJmeterTestPlanBecomesAPlanAndEverySkippedElementIsListed() throws Exception {
        Path jmx = dir.resolve("adv.jmx");
        Files.write(jmx, getClass().getResourceAsStream("/jmx/build-adv-web-test-plan.jmx").readAllBytes());
        Path plan = dir.resolve("plan.yaml");
        BrinkRun r = BrinkRun.brink("import", "jmx", jmx.toString(), "--out", plan.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.err).contains("brink import jmx: 2 samplers converted into " + plan + ", 7 elements left out",
                "  left out     HTTPSamplerProxy 'Login': disabled in the plan\n");
        assertThat(PlanReader.load(plan).profile()).extracting(Plan.Operation::name).containsExactly("Home-Page", "Changes");
    }

    /** Nothing converted is exit 2 all the same, and what was left out is listed before the one line saying so. */
    @Test
    void aJmeterPlanWithNothingToConvertListsItsElementsAndExits2() throws Exception {
        Path jmx = dir.resolve("csv.jmx");
        Files.write(jmx, getClass().getResourceAsStream("/jmx/CSVSample.jmx").readAllBytes());
        BrinkRun r = BrinkRun.brink("import", "jmx", jmx.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.out).isEmpty();
        assertThat(r.err).containsPattern("  left out     ThreadGroup '[^']+': no HTTP sampler in it converted\n")
                .endsWith("brink: " + jmx + ": no HTTP sampler in an enabled thread group could be converted (" + r.err.lines().filter(l -> l.startsWith("  left out     ")).count()
                        + " elements left out, listed above)\n");
        Path doctype = Files.writeString(dir.resolve("d.jmx"), "<?xml version=\"1.0\"?>\n<!DOCTYPE jmeterTestPlan>\n<jmeterTestPlan/>");
        BrinkRun d = BrinkRun.brink("import", "jmx", doctype.toString());
        assertThat(d.code).isEqualTo(2);
        assertThat(d.err).startsWith("brink: " + doctype + ":2:").contains("without a DOCTYPE").hasLineCount(1);
    }

    @Test
    void runSetsTheImportedPlansParametersAndRefusesOnesItHasNot() throws Exception {
        Path jmx = dir.resolve("crud.jmx");
        Files.write(jmx, getClass().getResourceAsStream("/jmx/petclinic-jmeter-crud-benchmark.jmx").readAllBytes());
        Path plan = dir.resolve("crud.yaml");
        assertThat(BrinkRun.brink("import", "jmx", jmx.toString(), "--out", plan.toString()).code).isZero();
        BrinkRun r = BrinkRun.brink("run", plan.toString(), "--param", "thread=100");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).isEqualTo("brink: " + plan + ": --param thread: expected a parameter the plan's params: section names,"
                + " one of [duration, ops, ramp_time, threads]\n");
    }

    @Test
    void aFileThatIsNoHarIsOneLineAndExit2() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.har"), "{\"log\": {\"entries\": 3}}");
        BrinkRun r = BrinkRun.brink("import", "har", bad.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).isEqualTo("brink: " + bad + ": expected a HAR file: a JSON object with log.entries (a browser's"
                + " \"Save all as HAR\"), got a JSON object with keys [log] (log has no entries list)\n");
        // another tool's export: what it looks like it is, in the same one line
        Path postman = Files.writeString(dir.resolve("api.json"), "{\"info\": {\"name\": \"api\"}, \"item\": []}");
        assertThat(BrinkRun.brink("import", "har", postman.toString()).err).isEqualTo("brink: " + postman + ": expected a HAR file: a"
                + " JSON object with log.entries (a browser's \"Save all as HAR\"), got a JSON object with keys [info, item] (a Postman"
                + " collection?)\n");
        assertThat(BrinkRun.brink("import", "har", dir.resolve("missing.har").toString()).code).isEqualTo(2);
    }
}
