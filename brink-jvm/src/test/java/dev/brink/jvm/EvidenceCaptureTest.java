package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventLog;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.ThreadDumpDoc;
import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.ContendedMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evidence from a real child with a contended monitor and a held ReentrantLock (JDK 17 child; one JDK 25 check). */
class EvidenceCaptureTest {
    private static final String LEDGER = "dev.brink.jvm.children.ContendedMain$Ledger";
    private static ChildJvm child;
    private static JvmObserver observer;

    @TempDir
    Path dir;

    @BeforeAll
    static void startChild() throws Exception {
        child = ChildJvm.start(ChildJvm.JDK17, ContendedMain.class, List.of("-Xmx64m"), Children.LIFETIME_S);
        observer = JvmObserver.attach(JvmTarget.pid(child.pid()));
    }

    @AfterAll
    static void stopChild() throws Exception {
        observer.close();
        child.close();
    }

    @Test
    void blockedThreadsAreCountedInSamples() throws Exception {
        // four waiters queue on a monitor held for 10 s at a time: some are BLOCKED at any moment
        assertThat(observer.sampleNow().threads().blocked()).isGreaterThan(0);
    }

    @Test
    void threadDumpBurstHasJstackStructureAndJsonWithCpuDeltas() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        List<Path> files;
        try (EventLog events = new EventLog(run)) {
            files = observer.evidence(run, events).threadDumps(2, Duration.ofMillis(300));
        }
        assertThat(files).hasSize(4);
        String text = Files.readString(files.get(2));
        assertThat(text.lines().skip(1).findFirst()).get().asString().matches("Full thread dump OpenJDK .*VM \\(17\\..*\\):");
        assertThat(text).containsPattern(Pattern.compile("^\"waiter-\\d\" #\\d+ daemon prio=5 .*nid=0x\\p{XDigit}+ waiting for monitor entry",
                Pattern.MULTILINE));
        assertThat(text).contains("   java.lang.Thread.State: BLOCKED (on object monitor)\n");
        assertThat(text).containsPattern("\tat dev\\.brink\\.jvm\\.children\\.ContendedMain\\.lambda\\$main\\$\\d+\\(ContendedMain\\.java:\\d+\\)\n");
        Matcher waiting = Pattern.compile("\t- waiting to lock <(0x\\p{XDigit}+)> \\(a " + Pattern.quote(LEDGER) + "\\)").matcher(text);
        assertThat(waiting.find()).as("a waiter's '- waiting to lock' line").isTrue();
        assertThat(text).as("the holder's '- locked' line names the same monitor")
                .contains("\t- locked <" + waiting.group(1) + "> (a " + LEDGER + ")");
        assertThat(text).containsPattern("\t- parking to wait for  <0x\\p{XDigit}+> \\(a java\\.util\\.concurrent\\.locks\\.ReentrantLock\\$NonfairSync\\)");
        assertThat(text).containsPattern("   Locked ownable synchronizers:\n\t- <0x\\p{XDigit}+> \\(a java\\.util\\.concurrent\\.locks\\.ReentrantLock\\$NonfairSync\\)");
        assertThat(text).contains("   Locked ownable synchronizers:\n\t- None\n");

        ThreadDumpDoc doc = Json.MAPPER.readValue(files.get(3).toFile(), ThreadDumpDoc.class);
        assertThat(doc.format()).isEqualTo(ThreadDumpDoc.FORMAT);
        assertThat(doc.seq()).isEqualTo(1);
        assertThat(doc.pid()).isEqualTo(child.pid());
        ThreadDumpDoc.ThreadEntry blocked = doc.threads().stream()
                .filter(t -> t.state().equals("BLOCKED") && t.name().startsWith("waiter-")).findFirst().orElseThrow();
        assertThat(blocked.waitingOn().className()).isEqualTo(LEDGER);
        ThreadDumpDoc.ThreadEntry owner = doc.threads().stream().filter(t -> t.id() == blocked.lockOwnerId()).findFirst().orElseThrow();
        assertThat(owner.lockedMonitors()).anySatisfy(m -> assertThat(m.identity()).isEqualTo(blocked.waitingOn().identity()));
        assertThat(doc.threads()).allSatisfy(t -> assertThat(t.cpuDeltaNs()).isGreaterThanOrEqualTo(0));
        assertThat(doc.threads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow().frames())
                .anySatisfy(f -> assertThat(f.className()).isEqualTo(ContendedMain.class.getName()));
        ThreadDumpDoc first = Json.MAPPER.readValue(files.get(1).toFile(), ThreadDumpDoc.class);
        assertThat(first.threads()).allSatisfy(t -> assertThat(t.cpuDeltaNs()).isEqualTo(-1));

        List<JsonNode> events = JvmFiles.lines(run.file(RunDirectory.EVENTS));
        assertThat(events).hasSize(2).allSatisfy(e -> {
            assertThat(e.get("type").asText()).isEqualTo("evidence");
            assertThat(e.get("kind").asText()).isEqualTo("threads");
            assertThat(run.root().resolve(e.get("file").asText())).exists();
        });
    }

    @Test
    void classHistogramListsTheTargetsClasses() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        Path histo;
        try (EventLog events = new EventLog(run)) {
            histo = observer.evidence(run, events).classHistogram();
        }
        String text = Files.readString(histo);
        assertThat(text).contains("#instances").contains("#bytes").contains(LEDGER).contains("Total");
        assertThat(histo.getParent().getFileName().toString()).isEqualTo(RunDirectory.EVIDENCE);
    }

    @Test
    void heapDumpIsAValidHprof() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        Path hprof;
        try (EventLog events = new EventLog(run)) {
            hprof = observer.evidence(run, events).heapDump(true);
        }
        assertThat(hprof.toString()).endsWith(".hprof");
        Hprof h = Hprof.read(hprof, LEDGER.replace('.', '/'));
        assertThat(h.header).isEqualTo("JAVA PROFILE 1.0.2");
        assertThat(h.idSize).isIn(4, 8);
        assertThat(h.recordsByTag).containsKeys(0x01, 0x02); // UTF8 strings, LOAD CLASS
        assertThat(h.recordsByTag.keySet()).containsAnyOf(0x0C, 0x1C); // HEAP DUMP (SEGMENT)
        assertThat(h.utf8Mentions).as("the target's Ledger class is in the dump").isTrue();
        JsonNode e = JvmFiles.lines(run.file(RunDirectory.EVENTS)).get(0);
        assertThat(e.get("kind").asText()).isEqualTo("heap");
        assertThat(e.get("live").asBoolean()).isTrue();
    }

    @Test
    void jfrRecordingOpensWithRecordingFile() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        Path jfr;
        Path window;
        try (EventLog events = new EventLog(run)) {
            EvidenceCapture ev = observer.evidence(run, events);
            ev.jfrStart();
            ev.jfrWindowStart(); // the evidence step's own short recording, beside the run's
            Thread.sleep(1500);
            window = ev.jfrWindowStop();
            jfr = ev.jfrStop();
        }
        assertThat(window).isNotEqualTo(jfr);
        for (Path file : List.of(jfr, window)) {
            // a load step lasts seconds: samples every 10 ms, and monitor waits from 1 ms (the default's 20 ms
            // threshold would hide the waits on a lock held for a few milliseconds)
            List<RecordedEvent> settings = RecordingFile.readAllEvents(file).stream()
                    .filter(r -> r.getEventType().getName().equals("jdk.ActiveSetting")).toList();
            assertThat(settings).anySatisfy(r -> {
                assertThat(r.getString("name")).isEqualTo("threshold");
                assertThat(r.getString("value")).isEqualTo("1 ms");
                assertThat(r.getLong("id")).isEqualTo(eventId(file, "jdk.JavaMonitorEnter"));
            });
            assertThat(settings).anySatisfy(r -> {
                assertThat(r.getString("name")).isEqualTo("period");
                assertThat(r.getString("value")).isEqualTo("10 ms");
                assertThat(r.getLong("id")).isEqualTo(eventId(file, "jdk.ExecutionSample"));
            });
        }
        List<RecordedEvent> recorded = RecordingFile.readAllEvents(jfr);
        assertThat(recorded).isNotEmpty();
        // the target's main thread sleeps in 100 ms steps: the recording must have seen it
        assertThat(recorded).anySatisfy(r -> {
            assertThat(r.getEventType().getName()).isEqualTo("jdk.ThreadSleep");
            assertThat(r.getStackTrace().getFrames()).anySatisfy(f ->
                    assertThat(f.getMethod().getType().getName()).isEqualTo(ContendedMain.class.getName()));
        });
    }

    private static long eventId(Path file, String name) throws java.io.IOException {
        try (RecordingFile f = new RecordingFile(file)) {
            return f.readEventTypes().stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow().getId();
        }
    }

    @Test
    void jdk25ChildGivesThreadDumpsAndHeapDumps(@TempDir Path other) throws Exception {
        assumeThat(ChildJvm.jdk25Present())
                .as("JDK 25 not installed at " + ChildJvm.JDK25 + ": JDK 25 attach test skipped").isTrue();
        RunDirectory run = RunDirectory.at(other);
        try (ChildJvm c25 = ChildJvm.start(ChildJvm.JDK25, ContendedMain.class, List.of("-Xmx64m"), Children.LIFETIME_S);
             JvmObserver o = JvmObserver.attach(JvmTarget.pid(c25.pid()));
             EventLog events = new EventLog(run)) {
            assertThat(o.vm()).contains("25");
            assertThat(o.sampleNow().threads().blocked()).isGreaterThan(0);
            List<Path> files = o.evidence(run, events).threadDumps(1, Duration.ZERO);
            assertThat(Files.readString(files.get(0))).contains("- waiting to lock <0x");
            assertThat(Hprof.read(o.evidence(run, events).heapDump(true), LEDGER.replace('.', '/')).header)
                    .isEqualTo("JAVA PROFILE 1.0.2");
        }
    }
}
