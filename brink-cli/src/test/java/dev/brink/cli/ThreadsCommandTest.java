package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.testing.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadsCommandTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A dump from brink-threads' test resources, copied out of its jar-less classpath folder. */
    private Path dump(String name) throws IOException {
        Path src = Path.of("../brink-threads/src/test/resources/dumps", name);
        Path dst = dir.resolve(name);
        try (InputStream in = Files.newInputStream(src)) {
            Files.copy(in, dst);
        }
        return dst;
    }

    @Test
    void jsonOnContendedDumpNamesLockClassHolderFrameAndWaiters() throws Exception {
        Result r = run("threads", "--json", dump("contention_jdk17_jstack_l.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode f = Json.MAPPER.readTree(r.out()).path("findings").get(0);
        assertThat(f.path("kind").asText()).isEqualTo("lock-contention");
        assertThat(f.path("subject").asText()).isEqualTo("LockContention$SlowAuditLogger");
        assertThat(f.path("detail").path("holder_thread").asText()).isEqualTo("BookThread-3");
        assertThat(f.path("detail").path("holder_frame").asText())
                .isEqualTo("LockContention$SlowAuditLogger.flush(LockContention.java:9)");
        assertThat(f.path("detail").path("waiter_count").asInt()).isEqualTo(7);
    }

    @Test
    void parkedVirtualThreadsShowWhereTheApplicationWaitsBelowTheJdksPark() throws Exception {
        Result r = run("threads", dump("jdk25_unnamed_virtual.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        String stacks = r.out().substring(r.out().indexOf("Identical stacks"));
        assertThat(stacks).contains("24 × WAITING: VirtualThread[#").contains("      at java.lang.VirtualThread.park(")
                .contains("      … at Checkout.pay(Checkout.java:4)");
    }

    @Test
    void jsonOnDeadlockedDumpNamesTheCycles() throws Exception {
        Result r = run("threads", "--json", dump("deadlock_jdk17_jstack_l.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode findings = Json.MAPPER.readTree(r.out()).path("findings");
        assertThat(findings).hasSize(2);
        assertThat(findings).allSatisfy(f -> assertThat(f.path("kind").asText()).isEqualTo("deadlock"));
        assertThat(findings.toString()).contains("Cycle-A → Cycle-B → Cycle-C → Cycle-A")
                .contains("StockTransfer-1").contains("LedgerPoster-1");
    }

    @Test
    void textPutsFindingsFirstInPlainWords() throws Exception {
        Result r = run("threads", dump("contention_jdk17_jstack_l.txt").toString());
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().findFirst()).hasValue("Findings");
        assertThat(r.out().lines().skip(1).findFirst().orElseThrow())
                .contains("7 of 8 BookThread-* BLOCKED on LockContention$SlowAuditLogger <0x000000069ec1a038>, held by "
                        + "BookThread-3 (TIMED_WAITING) at LockContention$SlowAuditLogger.flush(LockContention.java:9)");
    }

    @Test
    void seriesWithTopFileRanksBusyThreadsByTopCpu() throws Exception {
        Path top = dir.resolve("top.txt");
        Files.writeString(top, """
                top - 16:10:21 up 3 days,  2:01,  1 user,  load average: 4.02, 3.10, 1.50
                Threads:  38 total,   4 running,  34 sleeping,   0 stopped,   0 zombie

                    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
                  40715 dev       20   0 5123456 120000  20000 R  99.9   1.0   0:04.16 pool-4-thread-3
                  39947 dev       20   0 5123456 120000  20000 R  98.0   1.0   0:04.16 pool-4-thread-1
                  33539 dev       20   0 5123456 120000  20000 S   0.0   1.0   0:00.00 Reference Handl
                """);
        Result r = run("threads", "--top", top.toString(), dump("cpu-hotspot__dump-2.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("busy-thread").contains("pool-4-thread-3 nid=40715  top 99.9%");
    }

    @Test
    void notADumpIsOneLineWithFileAndLineAndExit2() throws Exception {
        Path log = dir.resolve("app.log");
        Files.writeString(log, "\n2026-11-23 10:00:01 INFO started\n2026-11-23 10:00:02 INFO ready\n");
        Result r = run("threads", log.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("brink: " + log + ":2: not a thread dump");
        assertThat(r.err()).doesNotContain("Exception");
    }

    @Test
    void truncatedDumpIsAnalysedAndSaidToBeTruncated() throws Exception {
        String full = Files.readString(dump("contention_jdk17_jstack_l.txt"));
        Path cut = dir.resolve("cut.txt");
        Files.writeString(cut, full.substring(0, full.indexOf("\"BookThread-5\"")));
        Result r = run("threads", cut.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("lock-contention").contains("held by BookThread-3")
                .contains("without its \"JNI global refs\" line").contains("[truncated]");
    }

    @Test
    void missingFileAndNoInputAreUsageErrors() {
        Result r = run("threads", dir.resolve("nope.txt").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no such file");
        assertThat(run("threads").code()).isEqualTo(2);
    }

    /** A JVM with 8 BookThread-* contending on one synchronized logger, started from source by java itself. */
    private static final String CONTENTION = """
            public class Contention {
                static final class SlowAuditLogger {
                    synchronized void flush() throws InterruptedException { Thread.sleep(200); }
                }
                public static void main(String[] args) throws Exception {
                    SlowAuditLogger logger = new SlowAuditLogger();
                    java.util.List<Thread> workers = new java.util.ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        Thread t = new Thread(() -> {
                            try { while (true) logger.flush(); } catch (InterruptedException e) { }
                        }, "BookThread-" + i);
                        t.setDaemon(true);
                        t.start();
                        workers.add(t);
                    }
                    // "ready" once the workers queue on the lock, however slowly this machine started them
                    while (workers.stream().filter(t -> t.getState() == Thread.State.BLOCKED).count() < 2) {
                        Thread.sleep(10);
                    }
                    System.out.println("ready");
                    Thread.sleep(90_000);
                }
            }
            """;

    @Test
    void pidTakesDumpsWithJcmdAndFindsTheContention() throws Exception {
        Path src = dir.resolve("Contention.java");
        Files.writeString(src, CONTENTION);
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        try (ChildJvm child = ChildJvm.start(ChildJvm.JDK17, List.of(javaBin.toString(), "-Xmx32m", src.toString()),
                ChildJvm.READY::equals)) {
            Path dumps = dir.resolve("dumps");
            Result r = run("threads", "--pid", Long.toString(child.pid()), "--count", "2", "--interval", "300ms",
                    "--out", dumps.toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode doc = Json.MAPPER.readTree(r.out());
            assertThat(doc.path("dumps")).hasSize(2);
            JsonNode f = doc.path("findings").get(0);
            assertThat(f.path("kind").asText()).isEqualTo("lock-contention");
            assertThat(f.path("subject").asText()).isEqualTo("Contention$SlowAuditLogger");
            assertThat(f.path("detail").path("holder_thread").asText()).startsWith("BookThread-");
            assertThat(f.path("detail").path("dumps_seen").asInt()).isEqualTo(2);
            try (var files = Files.list(dumps)) {
                assertThat(files).hasSize(2);
            }
        }
    }

    @Test
    void deadPidIsAUserError() {
        // pids no process has: well above pid_max of a default Linux, and 0 (the campaign found jcmd's
        // "java.io.IOException: No such process" passed through for it): one sentence each, no exception text
        for (String pid : List.of("99999999", "0")) {
            Result r = run("threads", "--pid", pid, "--count", "1", "--out", dir.toString());
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip()).isEqualTo("brink: --pid " + pid + ": no running process has this id (expected the pid of a "
                    + "live JVM: jcmd -l lists them)");
        }
    }

    @Test
    void textAndJsonShowTheSameBusyFindingsOfAJstackSeries() throws Exception {
        Path series = Path.of("../brink-threads/src/test/resources/corpus/busy-regex/jdk17/jstack-series.txt");
        Result text = run("threads", series.toString());
        Result json = run("threads", "--json", series.toString());
        assertThat(text.code).as(text.err).isZero();
        JsonNode findings = Json.MAPPER.readTree(json.out).get("findings");
        assertThat(findings).isNotEmpty();
        for (JsonNode f : findings) assertThat(text.out).contains(f.get("title").asText());
        JsonNode busy = findings.get(0);
        assertThat(busy.get("kind").asText()).isEqualTo("busy-thread");
        assertThat(busy.get("detail").get("main_library").asText()).isEqualTo("regex");
        assertThat(text.out).contains("samples by library: regex");
    }

    @Test
    void javacoreIsRefusedInOneLineWithExitTwo() throws Exception {
        Path javacore = dir.resolve("javacore.20261123.223000.4242.0001.txt");
        Files.writeString(javacore, "0SECTION       TITLE subcomponent dump routine\n"
                + "NULL           ===============================\n1TICHARSET     UTF-8\n");
        Result r = run("threads", javacore.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).doesNotContain("\n").startsWith("brink: " + javacore + ":1: IBM/OpenJ9 javacore is not supported");
    }
}
