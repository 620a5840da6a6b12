package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.compare.testing.RunFixture;
import dev.brink.compare.testing.RunFixture.Op;
import dev.brink.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink compare} on run directories whose numbers the test controls (RunFixture writes load.jsonl,
 * latency.hlog and jvm.jsonl as the engine and the observer do): a pair of the same load exits 0, a slower operation
 * fails the gate with exit 3 in every output, bad input is one line and exit 2.
 */
class CompareCommandTest {
    @TempDir
    static Path tmp;
    static Path base;
    static Path same;
    static Path slower;

    @BeforeAll
    static void runs() {
        base = run("base", 1, 20);
        same = run("same", 2, 20);
        slower = run("slower", 3, 32);
    }

    private static Path run(String name, long seed, double checkoutMs) {
        return new RunFixture(tmp.resolve(name), seed).jvm(0.3, 0.01)
                .step("capacity-x3", 15, 150, new Op("browse", 0.8, 3, 0), new Op("checkout", 0.2, checkoutMs, 0))
                .write();
    }

    @Test
    void theSameLoadTwiceExitsZeroWithNoSignificantChange() {
        BrinkRun r = brink("compare", base.toString(), same.toString(), "--fail-on", "regression");
        assertThat(r.code).as(r.out + r.err).isZero();
        assertThat(r.out).containsPattern("capacity-x3\\s+all\\s+p50\\s+ms\\s.*no significant change")
                .contains("Mann-Whitney", "Holm").doesNotContain("REGRESSION").doesNotContain("gate failed");
    }

    @Test
    void aSlowerOperationFailsTheGateWithExit3AndEveryOutputSaysSo() throws Exception {
        Path junit = tmp.resolve("out/compare.xml");
        Path md = tmp.resolve("out/compare.md");
        Path html = tmp.resolve("out/compare.html");
        BrinkRun r = brink("compare", base.toString(), slower.toString(), same.toString(), "--fail-on", "regression",
                "--junit", junit.toString(), "--markdown", md.toString(), "--html", html.toString());
        assertThat(r.code).as(r.out + r.err).isEqualTo(3);
        assertThat(r.out).containsPattern("capacity-x3\\s+checkout\\s+p50\\s+ms\\s.*slower  REGRESSION")
                .contains("gate failed: regression: capacity-x3 checkout p50 slower by +")
                .doesNotContainPattern("browse\\s+p50.*REGRESSION");
        String xml = Files.readString(junit);
        assertThat(xml).contains("<failure message=\"slower by +").contains("name=\"capacity-x3 checkout p50\"");
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        assertThat(Files.readString(md)).startsWith("### brink compare: **").contains("**slower  REGRESSION**");
        assertThat(Files.readString(html)).contains("<svg", "gate failure", "class=\"regression\"").doesNotContain("<script")
                .doesNotContain("src=\"http");

        BrinkRun allowed = brink("compare", base.toString(), slower.toString(), "--json");
        assertThat(allowed.code).as("no --fail-on: no gate").isZero();
        JsonNode doc = Json.MAPPER.readTree(allowed.out);
        JsonNode p50 = null;
        for (JsonNode m : doc.get("comparisons").get(0).get("metrics")) {
            if (m.get("operation").asText().equals("checkout") && m.get("metric").asText().equals("p50")) {
                p50 = m;
            }
        }
        assertThat(p50).isNotNull();
        assertThat(p50.get("verdict").asText()).isEqualTo("worse");
        assertThat(p50.get("ratio").asDouble()).isBetween(1.4, 1.8);
        assertThat(p50.get("p_adjusted").asDouble()).isLessThan(0.05);
    }

    /** brink history over the same-load runs and the slower one last: no change point (one run is no segment). */
    @Test
    void historyWritesItsPageAndListsNoChangeInRunsOfOneLoad() throws Exception {
        Path page = tmp.resolve("out/history.html");
        BrinkRun r = brink("history", base.toString(), same.toString(), base.toString(), same.toString(), base.toString(),
                same.toString(), slower.toString(), "--html", page.toString());
        assertThat(r.code).as(r.out + r.err).isZero();
        assertThat(r.out).startsWith("7 runs, ").contains(", 0 with a change point", "history: " + page);
        assertThat(Files.readString(page)).contains("No change point in any metric", "capacity-x3 checkout p50", "<svg");
        BrinkRun few = brink("history", base.toString(), same.toString());
        assertThat(few.code).isEqualTo(2);
        assertThat(few.err).startsWith("brink: brink history: 2 run directories;");
    }

    @Test
    void badInputIsOneLineAndExit2() throws Exception {
        Path nothing = Files.createDirectories(tmp.resolve("nothing"));
        BrinkRun r = brink("compare", base.toString(), nothing.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("brink: " + nothing + ": not a run directory").doesNotContain("\n");
        BrinkRun gate = brink("compare", base.toString(), same.toString(), "--fail-on", "regresion");
        assertThat(gate.code).isEqualTo(2);
        assertThat(gate.err.strip()).isEqualTo("brink: --fail-on: expected regression, capacity or findings (comma-separated), "
                + "found 'regresion'");
    }
}
