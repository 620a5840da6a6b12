package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.EventLog;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method's JFR step comparison on a recording this JVM makes of itself over two "steps" written to
 * events.jsonl the way the load engine writes them: at x1 one thread matches regexes; at x2 the same thread
 * goes on and a second one starts formatting dates per call, and a third parses cells that are not numbers (an
 * exception each, paced: about 5,000 a second whatever the machine). Only the new cost grew faster than the load;
 * the exceptions are said per request of the step.
 */
class JfrStepFindingsTest {
    @TempDir
    Path tmp;

    static volatile int sink;

    @Test
    void degradedStepNamesWhatGrewFasterThanTheLoad() throws Exception {
        RunDirectory run = RunDirectory.at(tmp.resolve("run"));
        Files.createDirectories(run.file(RunDirectory.EVIDENCE));
        Path rec = run.file(RunDirectory.EVIDENCE).resolve("recording-1.jfr");
        try (EventLog events = new EventLog(run); Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            // the throws themselves, so the type and site do not depend on a sample landing in a constructor, and the
            // throwables counted ten times a second, so a step of 1.5 s holds more than one count
            r.enable("jdk.JavaExceptionThrow").withStackTrace();
            r.enable("jdk.ExceptionStatistics").withPeriod(java.time.Duration.ofMillis(100));
            r.start();
            Thread regex = new Thread(() -> work(3000, JfrStepFindingsTest::regex), "regex-worker");
            regex.start();
            step(events, "capacity-x1", 1500, null);
            step(events, "capacity-x2", 1500, () -> {
                Thread parser = new Thread(JfrStepFindingsTest::notNumbers, "tariff-parser");
                parser.start();
                work(1500, JfrStepFindingsTest::dates);
                try {
                    parser.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            regex.join();
            r.stop();
            r.dump(rec);
        }
        CapacityResult capacity = new CapacityResult(1, 10, "latency", 2, List.of(
                new CapacityStep(1, 10, 10, 0, 1, 5, "ok", List.of()),
                new CapacityStep(2, 20, 20, 0, 1, 900, "degraded", List.of("p99 900 ms > SLO 500 ms"))));
        StringWriter console = new StringWriter();
        List<Finding> found = JfrStepFindings.of(run, capacity, new PrintWriter(console, true));
        assertThat(found).as(console.toString()).anyMatch(f -> f.kind() == FindingKind.HOT_METHOD
                && "formatting".equals(f.detail().get("category"))
                && f.title().startsWith("at 2 × profile, ")
                && f.evidence().equals(List.of("evidence/recording-1.jfr")));
        Finding ex = found.stream().filter(f -> f.kind() == FindingKind.EXCEPTIONS).findFirst()
                .orElseThrow(() -> new AssertionError("no exceptions finding in " + found + "\n" + console));
        assertThat(ex.title()).startsWith("at 2 × profile, ").contains("per request");
        assertThat(ex.detail().get("exception_type")).isEqualTo("java.lang.NumberFormatException");
        // 20 requests a second in the step: the exceptions a second over 20
        assertThat((Double) ex.detail().get("per_request"))
                .isCloseTo(((Long) ex.detail().get("exceptions_per_sec")) / 20.0, org.assertj.core.api.Assertions.within(0.01));
        // the regex thread ran alike in both steps: it may be named as the broken step's own hot method (on a quiet
        // machine it has most of the samples), but never as a cost that grew faster than the load
        assertThat(found).noneMatch(f -> "regex".equals(f.detail().get("category")) && f.detail().containsKey("rate_growth"));
    }

    /**
     * No step degraded (the search stopped host-saturated): the highest step measured is read, with the steps
     * before it (an unreadable recording beside it passed over), and its samples are folded for the flame graph; the evidence step's own recording (no --jfr) is
     * read whole the same way.
     */
    @Test
    void withoutADegradedStepTheHighestMeasuredStepIsRead() throws Exception {
        RunDirectory run = RunDirectory.at(tmp.resolve("run"));
        Files.createDirectories(run.file(RunDirectory.EVIDENCE));
        Path rec = run.file(RunDirectory.EVIDENCE).resolve("recording-1.jfr");
        try (EventLog events = new EventLog(run); Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            step(events, "capacity-x1", 0, () -> work(1200, JfrStepFindingsTest::regex));
            step(events, "capacity-x2", 0, () -> work(1200, JfrStepFindingsTest::regex));
            r.stop();
            r.dump(rec);
        }
        // an empty recording a killed run left in the directory, read first: it is reported and passed over
        Files.createFile(run.file(RunDirectory.EVIDENCE).resolve("recording-0-killed.jfr"));
        CapacityResult capacity = new CapacityResult(0, 0, "host-saturated", -1, List.of(
                new CapacityStep(1, 10, 10, 0, 1, 5, "host-saturated", List.of("the host was saturated")),
                new CapacityStep(2, 20, 20, 0, 1, 5, "host-saturated", List.of("the host was saturated"))));
        StringWriter console = new StringWriter();
        List<Finding> found = JfrStepFindings.of(run, capacity, new PrintWriter(console, true));
        assertThat(found).as(console.toString()).anyMatch(f -> f.kind() == FindingKind.HOT_METHOD
                && "regex".equals(f.detail().get("category"))
                && f.title().startsWith("at 2 × profile (the highest step measured, host-saturated) and the steps before it, ")
                && f.evidence().equals(List.of("evidence/recording-1.jfr")));
        assertThat(run.file(RunDirectory.EVIDENCE).resolve("stacks-x2.folded")).content()
                .contains("dev.brink.method.JfrStepFindingsTest.regex;java.util.regex.");

        List<Finding> window = JfrStepFindings.ofWindow(run, rec, 3, new PrintWriter(console, true));
        assertThat(window).as(console.toString()).anyMatch(f -> f.kind() == FindingKind.HOT_METHOD
                && "regex".equals(f.detail().get("category")) && f.title().startsWith("at 3 × profile, "));
        assertThat(run.file(RunDirectory.EVIDENCE).resolve("stacks-x3.folded")).isRegularFile();
    }

    /** 1.5 s of cells that are not numbers, 50 every 10 ms: about 5,000 exceptions a second for little CPU. */
    private static void notNumbers() {
        long end = System.currentTimeMillis() + 1500;
        while (System.currentTimeMillis() < end) {
            for (int i = 0; i < 50; i++) {
                try {
                    sink += Integer.parseInt("n/a");
                } catch (NumberFormatException e) {
                    sink++;
                }
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void step(EventLog events, String name, long ms, Runnable extra) throws InterruptedException {
        events.append("step-start", Map.of("step", name));
        Thread t = extra == null ? null : new Thread(extra, "date-worker");
        if (t != null) {
            t.start();
            t.join();
        } else {
            Thread.sleep(ms);
        }
        events.append("step-end", Map.of("step", name));
    }

    private static void work(long ms, Runnable unit) {
        long end = System.currentTimeMillis() + ms;
        while (System.currentTimeMillis() < end) {
            unit.run();
        }
    }

    private static final Pattern MAIL = Pattern.compile("([\\w.+-]+)@((?:[\\w-]+\\.)+[a-z]{2,})");

    private static void regex() {
        sink += MAIL.matcher("ask support" + sink + "@help.example.org or sales@example.org today").replaceAll("***").length();
    }

    private static void dates() {
        sink += new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.ROOT).format(new Date(sink * 1000L)).length();
    }
}
