package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink bench compare} on real runs of bench/reactive-jmh (brink-bench's test data, read from the source tree
 * as brink.home points at it): the verdict table, the CI gate on a planted regression, and bad input.
 */
class BenchCommandTest {
    private static final Path DATA = Path.of(System.getProperty("brink.home", ".."),
            "brink-bench/src/test/resources/dev/brink/bench");
    private static final String SEQ = DATA.resolve("reactive/abba-seq-zip/base.json").toString();
    private static final String ZIP = DATA.resolve("reactive/abba-seq-zip/new.json").toString();

    @TempDir
    Path tmp;

    @Test
    void compareNamesTheFasterSideAndExitsZero() {
        BrinkRun r = brink("bench", "compare", SEQ, ZIP, "--fail-on", "regression");
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).containsPattern("ProfileBenchmark\\.profile\\(delayMs=20\\)\\s+avgt\\s+ms/op.*faster")
                .contains("Mann-Whitney").doesNotContain("REGRESSION");
        // Mono.zip's coordinator and tuple cost more than a flatMap chain when nothing waits (measured with -prof gc)
        assertThat(r.out).containsPattern("ProfileBenchmark\\.assemble .*\n\\s+gc\\.alloc\\.rate\\.norm .*more allocation");
        // the same allocation increase fails the gate when the gate covers allocation
        BrinkRun gated = brink("bench", "compare", SEQ, ZIP, "--fail-on", "regression,alloc");
        assertThat(gated.code).isEqualTo(3);
        assertThat(gated.out).containsPattern("gc\\.alloc\\.rate\\.norm .*more allocation  REGRESSION");
    }

    @Test
    void thePlantedRegressionFailsTheGateWithExit3AndEveryOutputSaysSo() throws Exception {
        Path junit = tmp.resolve("junit.xml");
        Path md = tmp.resolve("pr.md");
        Path html = tmp.resolve("bench.html");
        // BASE and NEW swapped: the sequential pipeline comes back, a regression
        BrinkRun r = brink("bench", "compare", ZIP, SEQ, "--fail-on", "regression", "--threshold", "10%",
                "--junit", junit.toString(), "--markdown", md.toString(), "--html", html.toString());
        assertThat(r.code).as(r.out + r.err).isEqualTo(3);
        assertThat(r.out).containsPattern("profile\\(delayMs=20\\).*slower  REGRESSION").contains("gate: 1 regression beyond 10%");

        String xml = Files.readString(junit);
        assertThat(xml).contains("tests=\"6\"", "failures=\"1\"", "<failure message=\"slower by +");
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()); // well-formed

        assertThat(Files.readString(md)).startsWith("### brink bench: **1 regression**")
                .contains("| `ProfileBenchmark.profile(delayMs=20)` avgt | score (ms/op) |", "**slower (regression)**");

        String page = Files.readString(html);
        assertThat(page).contains("<svg", "1 regression beyond 10%", "ProfileBenchmark.profile").doesNotContain("<script")
                .doesNotContain("src=\"http").doesNotContain("href=\"http");
    }

    /**
     * The gate's one semantics (issue 38): three forks a side cannot be significant at 5 %, so a three times slower
     * benchmark is inconclusive, and fails --fail-on regression as one too few forks can rule out; with
     * --allow-inconclusive it passes, and two runs of the same code pass either way.
     */
    @Test
    void threeForksOfAThreeTimesSlowerBenchmarkFailTheGateUnlessInconclusiveIsAllowed() throws Exception {
        Path seqBase = DATA.resolve("reactive/abba-seq-seq/base.json");
        Path base = threeForks(seqBase, 1, "base.json");
        Path slower = threeForks(seqBase, 3, "slower.json");
        Path same = threeForks(DATA.resolve("reactive/abba-seq-seq/new.json"), 1, "same.json");
        BrinkRun r = brink("bench", "compare", base.toString(), slower.toString(), "--fail-on", "regression");
        assertThat(r.code).as(r.out + r.err).isEqualTo(3);
        assertThat(r.out).contains("inconclusive: run 1 more fork per side  REGRESSION? cannot rule out +200.0%")
                .contains("with too few forks to rule it out");
        assertThat(brink("bench", "compare", base.toString(), slower.toString(), "--fail-on", "regression",
                "--allow-inconclusive").code).isZero();
        BrinkRun again = brink("bench", "compare", base.toString(), same.toString(), "--fail-on", "regression",
                "--allow-inconclusive");
        assertThat(again.code).as(again.out).isZero();
        assertThat(again.out).doesNotContain("REGRESSION");
    }

    /** The first benchmark of a JMH file with its first three forks, every iteration's score times {@code factor}. */
    private Path threeForks(Path jmh, double factor, String name) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode first = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(jmh.toFile()).get(0);
        first.remove("secondaryMetrics");
        com.fasterxml.jackson.databind.node.ArrayNode forks = Json.MAPPER.createArrayNode();
        for (int f = 0; f < 3; f++) {
            com.fasterxml.jackson.databind.node.ArrayNode its = forks.addArray();
            first.get("primaryMetric").get("rawData").get(f).forEach(v -> its.add(v.asDouble() * factor));
        }
        ((com.fasterxml.jackson.databind.node.ObjectNode) first.get("primaryMetric")).set("rawData", forks);
        first.put("forks", 3);
        Path out = tmp.resolve(name);
        Json.MAPPER.writeValue(out.toFile(), Json.MAPPER.createArrayNode().add(first));
        return out;
    }

    @Test
    void jsonOutputCarriesTheStatistics() throws Exception {
        BrinkRun r = brink("bench", "compare", SEQ, ZIP, "--json");
        assertThat(r.code).isZero();
        JsonNode doc = Json.MAPPER.readTree(r.out);
        JsonNode first = doc.get("comparisons").get(0).get("comparisons").get(0);
        assertThat(first.get("verdict").asText()).isIn("better", "worse", "no-significant-change", "inconclusive");
        assertThat(first.has("p")).isTrue();
        assertThat(first.get("base").get("forkMeans")).hasSize(6);
    }

    @Test
    void badInputIsOneLineAndExit2() throws Exception {
        Path cut = tmp.resolve("cut.json");
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(Path.of(SEQ)), 500));
        BrinkRun malformed = brink("bench", "compare", SEQ, cut.toString());
        assertThat(malformed.code).isEqualTo(2);
        assertThat(malformed.err.strip()).startsWith("brink: " + cut).contains("not valid JSON").doesNotContain("\n")
                .doesNotContain("Exception");

        Path other = tmp.resolve("summary.json");
        Files.writeString(other, "{\"brink\":\"0.1\",\"findings\":[]}");
        BrinkRun notJmh = brink("bench", "compare", other.toString(), SEQ);
        assertThat(notJmh.code).isEqualTo(2);
        assertThat(notJmh.err.strip()).isEqualTo("brink: " + other
                + ": not a JMH result file: expected a JSON array of benchmark results, found an object");

        BrinkRun missing = brink("bench", "compare", tmp.resolve("nope.json").toString(), SEQ);
        assertThat(missing.code).isEqualTo(2);
        assertThat(missing.err.strip()).endsWith("nope.json: no such file (expected a JMH result file (-rf json))");

        BrinkRun badThreshold = brink("bench", "compare", SEQ, ZIP, "--threshold", "five");
        assertThat(badThreshold.code).isEqualTo(2);
        assertThat(badThreshold.err.strip()).isEqualTo("brink: --threshold: expected a percentage such as 5%, found 'five'");
    }
}
