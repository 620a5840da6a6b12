package dev.brink.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class JmhJsonReaderTest {

    /**
     * The oracle is JMH's own score: for every mode it is the mean over every measured iteration (every sample in
     * sample mode), so the reader's fork data, weighted back together, must give the score JMH wrote beside it.
     */
    @Test
    void everyPublicFileReadsAndItsForkDataGiveJmhsOwnScore() throws Exception {
        Set<String> versions = new TreeSet<>();
        EnumSet<BenchMode> modes = EnumSet.noneOf(BenchMode.class);
        for (String name : TestData.PUBLIC) {
            byte[] bytes = TestData.bytes(name);
            List<BenchmarkResult> results = JmhJsonReader.parse(name, bytes);
            JsonNode raw = Json.MAPPER.readTree(bytes);
            assertThat(results).as(name).hasSize(raw.size());
            for (int i = 0; i < results.size(); i++) {
                BenchmarkResult r = results.get(i);
                JsonNode pm = raw.get(i).get("primaryMetric");
                assertThat(r.primary().unit()).isEqualTo(pm.get("scoreUnit").asText());
                assertThat(weightedMean(r.primary())).as(name + " " + r.key())
                        .isCloseTo(pm.get("score").asDouble(), org.assertj.core.data.Percentage.withPercentage(1e-6));
                assertThat(r.params()).hasSize(raw.get(i).path("params").size());
                versions.add(r.jmhVersion());
                modes.add(r.mode());
            }
        }
        assertThat(versions).contains("1.21", "1.23", "1.25", "1.37");
        assertThat(modes).containsExactlyInAnyOrder(BenchMode.values());
    }

    @Test
    void readsGcAllocationOfProfGcAndAllModesOfOneRun() throws Exception {
        List<BenchmarkResult> zip = JmhJsonReader.parse("zip", TestData.bytes("reactive/zip-run1.json"));
        BenchmarkResult profile = zip.stream().filter(r -> r.label().endsWith("profile(delayMs=2)")).findFirst().orElseThrow();
        Metric alloc = profile.secondary().get("gc.alloc.rate.norm");
        assertThat(alloc.unit()).isEqualTo("B/op");
        assertThat(alloc.forks()).hasSize(5);
        assertThat(profile.primary().forks()).hasSize(5).allSatisfy(f -> assertThat(f.iterations()).isEqualTo(5));

        List<BenchmarkResult> all = JmhJsonReader.parse("all", TestData.bytes("reactive/all-modes-zip.json"));
        assertThat(all).extracting(BenchmarkResult::mode).containsOnly(BenchMode.values());
        // the same method in four modes stays four benchmarks
        assertThat(all.stream().map(BenchmarkResult::key).distinct().count()).isEqualTo(all.size());
    }

    @Test
    void oldProfilerNamesWithTheDotPrefixMatchNewOnes() throws Exception {
        // JMH before 1.36 named profiler metrics "·gc.alloc.rate.norm"; the same file with the old name must read alike
        String json = new String(TestData.bytes("reactive/zip-run1.json"), StandardCharsets.UTF_8);
        String old = json.replace("\"gc.alloc.rate.norm\"", "\"\u00b7gc.alloc.rate.norm\"");
        assertThat(old).isNotEqualTo(json);
        List<BenchmarkResult> a = JmhJsonReader.parse("new", json.getBytes(StandardCharsets.UTF_8));
        List<BenchmarkResult> b = JmhJsonReader.parse("old", old.getBytes(StandardCharsets.UTF_8));
        assertThat(b.get(0).secondary().get("gc.alloc.rate.norm")).isEqualTo(a.get(0).secondary().get("gc.alloc.rate.norm"));
    }

    @Test
    void aPasswordInAUriParameterNeverReachesTheLabel() throws Exception {
        List<BenchmarkResult> pg = JmhJsonReader.parse("pg", TestData.bytes("public/jmh-1.21-sample-pg-client.json"));
        assertThat(pg.get(0).params().get("connectUri")).contains("postgres:postgres@");
        assertThat(pg.get(0).label()).contains("connectUri=postgres://postgres:***@localhost:5432/postgres")
                .doesNotContain("postgres:postgres@");
    }

    @Test
    void malformedJsonNamesTheFileLineAndColumn() {
        byte[] bytes = TestData.bytes("public/jmh-1.37-thrpt-dbutils.json");
        byte[] cut = java.util.Arrays.copyOf(bytes, 700);
        assertThatThrownBy(() -> JmhJsonReader.parse("cut.json", cut)).isInstanceOf(BrinkUserException.class)
                .hasMessageMatching("cut\\.json:\\d+:\\d+: not valid JSON \\(.*\\)").hasMessageNotContaining("\n");
    }

    @Test
    void nonJmhJsonSaysSo() {
        assertThatThrownBy(() -> parse("{\"name\":\"book\"}")).hasMessage(
                "x.json: not a JMH result file: expected a JSON array of benchmark results, found an object");
        assertThatThrownBy(() -> parse("[{\"id\":1}]")).hasMessage(
                "x.json: not a JMH result file: [0] has neither \"benchmark\" nor \"primaryMetric\"");
        assertThatThrownBy(() -> parse("[]")).hasMessageContaining("holds no benchmark result");
        assertThatThrownBy(() -> parse("")).hasMessageContaining("empty file");
    }

    @Test
    void aWrongValueInsideAResultNamesItsJsonPath() {
        String json = new String(TestData.bytes("public/jmh-1.37-thrpt-dbutils.json"), StandardCharsets.UTF_8);
        int at = json.indexOf("\"rawData\"");
        int first = json.indexOf('[', json.indexOf('[', at) + 1) + 1;
        String broken = json.substring(0, first) + "\"fast\"," + json.substring(first);
        assertThatThrownBy(() -> parse(broken)).hasMessage(
                "x.json: [0].primaryMetric.rawData[0][0]: expected a number, found the string \"fast\"");
        String badMode = json.replace("\"thrpt\"", "\"fastest\"");
        assertThatThrownBy(() -> parse(badMode)).hasMessage(
                "x.json: [0].mode: expected thrpt, avgt, sample or ss, found \"fastest\"");
    }

    private static List<BenchmarkResult> parse(String json) throws BrinkUserException {
        return JmhJsonReader.parse("x.json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static double weightedMean(Metric m) {
        double sum = 0;
        double n = 0;
        for (ForkSamples f : m.forks()) {
            double[] v = f.values();
            double[] w = f.weights();
            for (int i = 0; i < v.length; i++) {
                sum += v[i] * w[i];
                n += w[i];
            }
        }
        return sum / n;
    }
}
