package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Field by field, the formats the corpus brought: Thread.dump_to_file text and dumps in a prefixed log. */
class NewFormatsTest {
    private static Path corpus(String name) throws Exception {
        return CorpusScoreTest.corpus().resolve(name);
    }

    @Test
    void dumpToFileTextGivesTimeVersionStatesAndMonitorWaits() throws Exception {
        Path file = corpus("monitor-contention/jdk25-dump-to-file/dump-1.txt");
        List<String> lines = Files.readAllLines(file);
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(file);
        assertThat(dumps).singleElement().satisfies(d -> {
            assertThat(d.format()).isEqualTo(DumpFormat.JDK_TEXT);
            assertThat(d.time()).isEqualTo(Instant.parse(lines.get(1)));
            assertThat(d.jvm()).isEqualTo(lines.get(2)).startsWith("25");
            DumpThread pricer = d.threads().stream().filter(t -> t.waitKind() == WaitKind.ENTER).findFirst().orElseThrow();
            assertThat(pricer.name()).startsWith("quote-pricer-");
            assertThat(pricer.state()).isEqualTo("BLOCKED");
            assertThat(pricer.waitingOn().className()).isEqualTo("dev.brink.threads.corpus.QuoteBoard$RateTable");
            assertThat(pricer.top().className()).isEqualTo("dev.brink.threads.corpus.QuoteBoard$RateTable");
            assertThat(d.threads()).filteredOn(t -> t.held().stream()
                    .anyMatch(h -> h.lock().identity().equals(pricer.waitingOn().identity()))).hasSize(1);
        });
    }

    @Test
    void dumpToFileTextListsVirtualThreads() throws Exception {
        ThreadDump d = ThreadDumpAnalyzer.parse(corpus("virtual-threads/jdk25-dump-to-file/dump-1.txt")).get(0);
        assertThat(d.threads().stream().filter(DumpThread::virtual).count()).isEqualTo(200);
        assertThat(d.threads()).filteredOn(DumpThread::virtual).allSatisfy(t -> assertThat(t.state()).isEqualTo("TIMED_WAITING"));
    }

    @Test
    void killThreeInAWrappersPrefixedLogIsTwoTimedDumpsWithCpu() throws Exception {
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(corpus("busy-regex/jdk17-kill3-wrapper-log/wrapper.log"));
        assertThat(dumps).hasSize(2).allSatisfy(d -> {
            assertThat(d.format()).isEqualTo(DumpFormat.JSTACK_TEXT);
            assertThat(d.truncated()).isNull();
            assertThat(d.time()).isNotNull();
            DumpThread masker = d.threads().stream().filter(t -> t.name().equals("log-masker-0")).findFirst().orElseThrow();
            assertThat(masker.cpuMs()).isPositive();
            assertThat(masker.frames()).isNotEmpty().allSatisfy(f -> assertThat(f.className()).doesNotContain("|"));
        });
        assertThat(dumps.get(1).time()).isAfter(dumps.get(0).time());
    }
}
