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
