package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.threads.child.ClaimsDesk;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jcmd Thread.print -l dumps, three a second apart, of child/ClaimsDesk on JDK 17 and 25
 * (resources/claims/capture.sh). Its trouble mode has two workers pinned in a runaway loop: busy. Its healthy twin has
 * a pool of four workers doing 3 ms bursts of CPU between 5 ms waits, each worker taking a seventh to a quarter of a
 * core and one of them caught running in every dump: a pool doing ordinary work, no finding.
 */
class ClaimsDeskDumpsTest {
    private static final String APP = ClaimsDesk.class.getName();

    static ThreadAnalysis analysis(String mode, String jdk) throws Exception {
        Path file = Path.of(ClaimsDeskDumpsTest.class.getResource("/claims/" + mode + "-jdk" + jdk + ".txt").toURI());
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(file);
        assertThat(dumps).hasSize(3);
        return ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of(file.getFileName().toString()));
    }

    private static List<Finding> of(ThreadAnalysis a, FindingKind kind) {
        return a.findings().stream().filter(f -> f.kind() == kind).toList();
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void workersPinnedInARunawayLoopAreBusyThere(String jdk) throws Exception {
        ThreadAnalysis a = analysis("trouble", jdk);

        assertThat(a.busyThreads()).extracting(BusyThread::name).containsExactlyInAnyOrder("claim-dedup-1", "claim-dedup-2");
        assertThat(of(a, FindingKind.BUSY_THREAD)).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo(APP + ".dedupe");
            assertThat(f.title()).startsWith("2 claim-dedup-* threads are busy in ClaimsDesk.dedupe");
        });
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void aPoolWorkingInBurstsBetweenWaitsIsNotBusy(String jdk) throws Exception {
        ThreadAnalysis a = analysis("healthy", jdk);

        // what the twin puts to the rule: every scorer used a real share of a core, one was caught running in every dump
        List<List<DumpThread>> scorers = a.dumps().get(0).threads().stream().filter(t -> t.name().startsWith("claim-score-"))
                .map(t -> a.dumps().stream().map(d -> d.threads().stream().filter(x -> x.key().equals(t.key())).findFirst()
                        .orElseThrow()).toList()).toList();
        assertThat(scorers).hasSize(4).allSatisfy(s -> assertThat(share(s)).isGreaterThan(0.1));
        assertThat(scorers).anySatisfy(s -> assertThat(s).allMatch(BusyThreadFinder::runnableInCode));
        assertThat(scorers).anySatisfy(s -> assertThat(s).anyMatch(t -> !BusyThreadFinder.runnableInCode(t)));

        assertThat(a.busyThreads()).isEmpty();
        assertThat(a.findings()).isEmpty();
    }

    private static double share(List<DumpThread> s) {
        DumpThread first = s.get(0);
        DumpThread last = s.get(s.size() - 1);
        return (last.cpuMs() - first.cpuMs()) / ((last.elapsedS() - first.elapsedS()) * 1000);
    }
}
