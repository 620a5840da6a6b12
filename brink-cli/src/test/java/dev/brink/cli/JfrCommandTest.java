package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink jfr} on a recording this test JVM writes of itself while a thread named "masker" runs regexes:
 * text, JSON, window and thread options, and the one-line exit 2 for files that are not whole recordings.
 */
class JfrCommandTest {
    @TempDir
    static Path tmp;
    static Path rec;

    @BeforeAll
    static void recordThisJvm() throws Exception {
        rec = tmp.resolve("self.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            Thread masker = new Thread(() -> {
                long end = System.currentTimeMillis() + 1500;
                Pattern p = Pattern.compile("(\\w+)@((?:\\w+\\.)+)org");
                int n = 0;
                while (System.currentTimeMillis() < end) {
                    n += p.matcher("mail someone" + n + "@mail.example.org or other" + n + "@example.org").replaceAll("***").length();
                }
            }, "masker");
            masker.start();
            masker.join();
            r.stop();
            r.dump(rec);
        }
    }

    @Test
    void text_findingsThenTables() {
        BrinkRun run = brink("jfr", rec.toString());
        assertThat(run.code).as(run.err).isZero();
        assertThat(run.out).contains("Hot methods (top frame,").contains("Lock contention").contains("GC:")
                .contains("java.util.regex.");
    }

    @Test
    void json_threadFilter_namesTheRegexCost() throws Exception {
        BrinkRun run = brink("jfr", rec.toString(), "--json", "--thread", "masker");
        assertThat(run.code).as(run.err).isZero();
        JsonNode doc = Json.MAPPER.readTree(run.out);
        assertThat(doc.get("execution_samples").asLong()).isPositive();
        assertThat(doc.get("category_shares").get("regex").asDouble()).isGreaterThan(0.5);
        assertThat(doc.get("start").asText()).endsWith("Z");
    }

    /** The test JVM's own recording: its main class is the test launcher's; --app-package names the packages instead. */
    @Test
    void appPackage_declaredPackagesNamed_badNameOneLine() throws Exception {
        BrinkRun run = brink("jfr", rec.toString(), "--json", "--app-package", "dev.brink.cli,org.example");
        assertThat(run.code).as(run.err).isZero();
        JsonNode doc = Json.MAPPER.readTree(run.out);
        assertThat(doc.get("app_packages").toString()).isEqualTo("[\"dev.brink.cli\",\"org.example\"]");
        assertThat(doc.get("app_packages_source").asText()).isEqualTo("declared");
        BrinkRun bad = brink("jfr", rec.toString(), "--app-package", "dev brink");
        assertThat(bad.code).isEqualTo(2);
        assertThat(bad.err.strip()).doesNotContain("\n").contains("expected a Java package name");
    }

    @Test
    void window_emptyAfterTheEnd_andBadOffsetIsOneLine() {
        // a window after the recording's end holds nothing: a report of zeros would read as an idle recording
        BrinkRun late = brink("jfr", rec.toString(), "--json", "--from", "1h");
        assertThat(late.code).isEqualTo(2);
        assertThat(late.out).isEmpty();
        assertThat(late.err).isEqualTo("brink: " + rec + ": no event falls in the window --from 1h: expected a window inside"
                + " the recording\n");
        BrinkRun bad = brink("jfr", rec.toString(), "--from", "soon");
        assertThat(bad.code).isEqualTo(2);
        assertThat(bad.err.strip()).doesNotContain("\n").contains("--from 'soon': expected an offset");
    }

    /**
     * A recording with no event enabled (as a crash's recording cut at its start, or settings that record no
     * allocation): the text says what is missing, never a rate of 0 or a start "from null".
     */
    @Test
    void aRecordingOfNoEventSaysSoRatherThanZeroOrNull() throws Exception {
        Path empty = tmp.resolve("no-events.jfr");
        try (Recording r = new Recording()) {
            r.start();
            r.stop();
            r.dump(empty);
        }
        BrinkRun run = brink("jfr", empty.toString());
        assertThat(run.code).as(run.err).isZero();
        assertThat(run.out).contains(" 0 events in ", "Allocation (no allocation events recorded)").doesNotContain("null");
        assertThat(brink("jfr", rec.toString()).out).containsPattern("Allocation \\(\\d+\\.\\d MB/s\\)");
    }

    @Test
    void truncatedOrNotJfr_oneLineExit2() throws Exception {
        byte[] real = Files.readAllBytes(rec);
        Path cut = tmp.resolve("cut.jfr");
        Files.write(cut, Arrays.copyOf(real, real.length - 1000));
        BrinkRun run = brink("jfr", cut.toString());
        assertThat(run.code).isEqualTo(2);
        assertThat(run.err.strip()).doesNotContain("\n").startsWith("brink: " + cut + ": byte 0: truncated");
        Path text = tmp.resolve("notes.txt");
        Files.writeString(text, "hello\n");
        BrinkRun notJfr = brink("jfr", text.toString());
        assertThat(notJfr.code).isEqualTo(2);
        assertThat(notJfr.err.strip()).isEqualTo("brink: " + text + ": byte 0: not a JFR recording (expected the chunk magic FLR\\0)");
    }
}
