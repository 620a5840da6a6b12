package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.FindingKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text format's corners: dumps inside a log, copied parts, non-dumps and truncation. */
class TextFormatsTest {
    @TempDir
    Path dir;

    private static String resource(String name) throws Exception {
        return Files.readString(Resources.dump(name), StandardCharsets.UTF_8);
    }

    @Test
    void killThreeOutputInsideAServiceLogIsASeries() throws Exception {
        String dump = resource("contention_jdk17_jstack_l.txt");
        String second = dump.replace("2026-11-22 19:58:56", "2026-11-22 19:59:06");
        String log = "10:00:00.001 INFO  [main] BookService started on port 8080\n"
                + "10:00:01.517 WARN  [BookThread-3] audit flush took 200 ms\n"
                + dump
                + "10:00:02.000 INFO  [BookThread-1] book 42 saved\n"
                + "\"quoted\" log line that is no thread\n"
                + second
                + "10:00:12.000 INFO  [main] shutting down\n";
        Path f = dir.resolve("service.log");
        Files.writeString(f, log);
        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(f));
        assertThat(a.dumps()).hasSize(2).allSatisfy(d -> {
            assertThat(d.threads()).hasSize(27);
            assertThat(d.truncated()).isNull();
        });
        assertThat(a.dumps().get(0).line()).isEqualTo(4);
        var c = a.findings().stream().filter(x -> x.kind() == FindingKind.LOCK_CONTENTION).findFirst().orElseThrow();
        assertThat(c.detail()).containsEntry("dumps_seen", 2).containsEntry("waiters_x_dumps", 14);
        assertThat(c.title()).endsWith("in 2 of 2 dumps");
        assertThat(c.detail()).containsEntry("holders_seen", List.of("BookThread-3"));
        assertThat(c.title()).doesNotContain("other holder");
    }

    @Test
    void threadEntriesCopiedWithoutTheHeaderAreReadAndSaidSo() throws Exception {
        String dump = resource("contention_jdk17_jstack_l.txt");
        String part = dump.substring(dump.indexOf("\"BookThread-0\""), dump.indexOf("\"Attach Listener\""));
        Path f = dir.resolve("part.txt");
        Files.writeString(f, part);
        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(f));
        assertThat(a.dumps().get(0).threads()).hasSize(8);
        assertThat(a.notes()).singleElement().asString().contains("no \"Full thread dump\" line");
        assertThat(a.findings()).extracting(x -> x.detail().get("holder_thread")).containsExactly("BookThread-3");
    }

    @Test
    void aFileThatIsNoDumpIsRefusedWithFileAndLine() throws Exception {
        Path f = dir.resolve("gc.log");
        Files.writeString(f, "\n\n[0.005s][info][gc] Using G1\n[0.100s][info][gc] GC(0) Pause Young\n");
        assertThatThrownBy(() -> ThreadDumpAnalyzer.parse(f)).isInstanceOf(BrinkUserException.class)
                .hasMessage(f + ":3: not a thread dump (\"[0.005s][info][gc] Using G1\"): " + DumpReader.EXPECTED);
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "  \n");
        assertThatThrownBy(() -> ThreadDumpAnalyzer.parse(empty)).hasMessageStartingWith(empty + ":1: empty file");
        Path json = dir.resolve("broken.json");
        Files.writeString(json, "{\n  \"threadDump\": {\n    \"threadContainers\": [ {\"threads\": [ }\n");
        assertThatThrownBy(() -> ThreadDumpAnalyzer.parse(json)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(json + ":3: broken JSON");
    }

    @Test
    void deadlockReportCutBeforeTheHolderIsSaidToBeTruncated() throws Exception {
        String dump = resource("deadlock_jdk17_jstack_l.txt");
        Path f = dir.resolve("cut.txt");
        Files.writeString(f, dump.substring(0, dump.indexOf("  which is held by \"LedgerPoster-1\"")));
        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(f));
        assertThat(a.dumps().get(0).truncated()).contains("deadlock report");
        // the lock graph still has both cycles: every thread entry came before the report
        assertThat(a.deadlocks()).hasSize(2).allSatisfy(d -> assertThat(d.foundInGraph()).isTrue());
    }

    @Test
    void groupPatternsKeepNamesThatOnlyContainDigits() {
        assertThat(ThreadGroups.pattern("BookThread-3")).isEqualTo("BookThread-*");
        assertThat(ThreadGroups.pattern("pool-4-thread-12")).isEqualTo("pool-4-thread-*");
        assertThat(ThreadGroups.pattern("GC task thread#0 (ParallelGC)")).isEqualTo("GC task thread#* (ParallelGC)");
        assertThat(ThreadGroups.pattern("G1 Main Marker")).isEqualTo("G1 Main Marker");
        assertThat(ThreadGroups.pattern("main")).isEqualTo("main");
    }
}
