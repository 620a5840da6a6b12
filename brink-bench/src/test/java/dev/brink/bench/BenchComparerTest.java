package dev.brink.bench;

import dev.brink.core.stats.Verdict;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Verdicts on real runs of bench/reactive-jmh (see NOTICE and bench/RESULTS.md for how they were made). */
class BenchComparerTest {

    @Test
    void theZipPipelineIsFasterThanTheSequentialOneWithASignificantRatio() throws Exception {
        CompareReport r = compare("reactive/abba-seq-zip/base.json", "reactive/abba-seq-zip/new.json");
        Comparison profile = find(r, "profile(delayMs=20)", "score");
        assertThat(profile.verdict()).isEqualTo(Verdict.BETTER);
        assertThat(profile.verdictText()).isEqualTo("faster");
        assertThat(profile.p()).isLessThan(0.05);
        assertThat(profile.ratioHigh()).isLessThan(1.0); // the whole interval says "faster"
        assertThat(profile.base().forkMeans()).hasSize(6);
        // the zip form subscribes to three sources at once: fewer operators and fewer timers per profile
        assertThat(find(r, "profile(delayMs=20)", "gc.alloc.rate.norm").verdictText()).isEqualTo("less allocation");
    }

    @Test
    void twoRunsOfTheSameCodeShowNoSignificantChange() throws Exception {
        CompareReport r = compare("reactive/abba-seq-seq/base.json", "reactive/abba-seq-seq/new.json");
        assertThat(r.comparisons()).hasSize(6)
                .allSatisfy(c -> assertThat(c.verdict()).as(c.key() + " " + c.metric()).isEqualTo(Verdict.NO_CHANGE));
        assertThat(r.regressions(true)).isEmpty();
    }

    @Test
    void aFileComparedWithItselfIsNoChangeOrTooFewForks() throws Exception {
        CompareReport same = compare("reactive/abba-seq-zip/base.json", "reactive/abba-seq-zip/base.json");
        assertThat(same.comparisons()).allSatisfy(c -> {
            assertThat(c.verdict()).isEqualTo(Verdict.NO_CHANGE);
            assertThat(c.ratio()).isEqualTo(1.0);
            assertThat(c.p()).isEqualTo(1.0);
        });
        // one fork per benchmark: nothing can be concluded, and the verdict says how many forks would do
        CompareReport oneFork = compare("public/jmh-1.37-thrpt-dbutils.json", "public/jmh-1.37-thrpt-dbutils.json");
        Comparison c = oneFork.comparisons().get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.forksNeeded()).isEqualTo(3);
        assertThat(c.verdictText()).isEqualTo("inconclusive: run 3 more forks per side");
    }

    @Test
    void aPlantedRegressionIsSlowerBeyondTheThresholdAndThresholdsMatter() throws Exception {
        // the zip run as BASE and the sequential run as NEW: the change a bad merge would make
        CompareReport r = compare("reactive/abba-seq-zip/new.json", "reactive/abba-seq-zip/base.json");
        Comparison c = find(r, "profile(delayMs=20)", "score");
        assertThat(c.verdictText()).isEqualTo("slower");
        assertThat(c.beyondThreshold()).isTrue();
        assertThat(r.regressions(false)).contains(c);
        CompareOptions lenient = new CompareOptions(0.05, 5.0, CompareOptions.DEFAULT_SECONDARY); // 500 %
        CompareReport tolerated = BenchComparer.compare("a", read("reactive/abba-seq-zip/new.json"), "b",
                read("reactive/abba-seq-zip/base.json"), lenient);
        assertThat(find(tolerated, "profile(delayMs=20)", "score").verdict()).isEqualTo(Verdict.WORSE);
        assertThat(tolerated.regressions(false)).isEmpty();
    }

    /**
     * Three forks a side can never reach p < 0.05 (2 / C(6, 3) = 0.1), so a three times slower benchmark is
     * inconclusive; the gate fails it all the same, since its point estimate is a regression far beyond the threshold,
     * unless the user allows inconclusive results. Two runs of the same code pass either way.
     */
    @Test
    void aThreeTimesSlowerResultWithThreeForksFailsTheGateAsInconclusive() throws Exception {
        BenchmarkResult base = firstForks(read("reactive/abba-seq-seq/base.json"), 3, 1);
        BenchmarkResult slower = firstForks(read("reactive/abba-seq-seq/base.json"), 3, 3);
        CompareReport r = BenchComparer.compare("a", List.of(base), "b", List.of(slower), CompareOptions.defaults());
        Comparison c = r.comparisons().get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.changePercent()).isCloseTo(200.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(r.regressions(false)).containsExactly(c);
        assertThat(BenchText.regressionMark(c)).contains("cannot rule out +200.0%");
        CompareOptions allow = new CompareOptions(0.05, 0.05, CompareOptions.DEFAULT_SECONDARY, true);
        assertThat(BenchComparer.compare("a", List.of(base), "b", List.of(slower), allow).regressions(false)).isEmpty();

        BenchmarkResult again = firstForks(read("reactive/abba-seq-seq/new.json"), 3, 1);
        CompareReport same = BenchComparer.compare("a", List.of(base), "b", List.of(again), allow);
        assertThat(same.comparisons()).allSatisfy(x -> assertThat(x.verdict()).isEqualTo(Verdict.INCONCLUSIVE));
        assertThat(same.regressions(true)).isEmpty();
    }

    /** The first benchmark of {@code results} with only its first {@code forks} forks, each iteration times {@code factor}. */
    private static BenchmarkResult firstForks(List<BenchmarkResult> results, int forks, double factor) {
        BenchmarkResult r = BenchComparer.pooled(results).values().iterator().next();
        Metric m = new Metric(r.primary().unit(), r.primary().forks().subList(0, forks).stream().map(f -> f.scaled(factor)).toList());
        return new BenchmarkResult(r.benchmark(), r.mode(), r.params(), r.threads(), r.jmhVersion(), m, java.util.Map.of());
    }

    @Test
    void throughputIsBetterWhenHigherAndTimeUnitsConvert() throws Exception {
        List<BenchmarkResult> all = read("reactive/all-modes-zip.json");
        BenchmarkResult thrpt = all.stream().filter(x -> x.mode() == BenchMode.THROUGHPUT).findFirst().orElseThrow();
        Metric doubled = new Metric(thrpt.primary().unit(), thrpt.primary().forks().stream().map(f -> f.scaled(2)).toList());
        BenchmarkResult faster = new BenchmarkResult(thrpt.benchmark(), thrpt.mode(), thrpt.params(), 1, "", doubled,
                java.util.Map.of());
        // four forks a side so that significance is possible
        CompareReport r = BenchComparer.compare("a", List.of(thrpt, thrpt), "b", List.of(faster, faster),
                CompareOptions.defaults());
        assertThat(r.comparisons().get(0).verdictText()).isEqualTo("faster");
        assertThat(r.comparisons().get(0).ratio()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));

        assertThat(Units.factor("ms/op", "us/op")).isCloseTo(1000.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Units.factor("ops/ms", "ops/s")).isCloseTo(1000.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Units.factor("B/op", "ms/op")).isNaN();
    }

    @Test
    void theSameBenchmarkTwiceInAFilePoolsItsForks() throws Exception {
        // how a user answers "inconclusive: run 3 more forks": append the new runs' results to the old ones
        List<BenchmarkResult> once = read("public/jmh-1.37-thrpt-dbutils.json");
        List<BenchmarkResult> fourTimes = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            fourTimes.addAll(once);
        }
        assertThat(BenchComparer.pooled(fourTimes).values()).singleElement()
                .satisfies(r -> assertThat(r.primary().forks()).hasSize(4));
        CompareReport r = BenchComparer.compare("a", fourTimes, "b", fourTimes, CompareOptions.defaults());
        assertThat(r.comparisons().get(0).verdict()).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void benchmarksOnOneSideOnlyAreListed() throws Exception {
        CompareReport r = compare("reactive/all-modes-zip.json", "reactive/abba-seq-zip/new.json");
        assertThat(r.onlyInBase()).anyMatch(k -> k.endsWith("thrpt"));
        assertThat(r.comparisons()).extracting(Comparison::mode).containsOnly("avgt");
    }

    private static Comparison find(CompareReport r, String labelEnd, String metric) {
        return r.comparisons().stream().filter(c -> c.label().endsWith(labelEnd) && c.metric().equals(metric))
                .findFirst().orElseThrow();
    }

    private static CompareReport compare(String base, String news) throws Exception {
        return BenchComparer.compare(base, read(base), news, read(news), CompareOptions.defaults());
    }

    private static List<BenchmarkResult> read(String name) throws Exception {
        return JmhJsonReader.parse(name, TestData.bytes(name));
    }
}
