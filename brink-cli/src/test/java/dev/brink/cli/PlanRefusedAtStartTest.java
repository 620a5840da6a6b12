package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan's mistakes are found where the plan is read: a fractional capacity multiplier, a fractional confirmation
 * multiplier (once silently rounded) and a CSV file that is not there each fail {@code brink check} and
 * {@code brink run} with the file, line and column of the value and exit 2, before the run starts: no run directory
 * is made and the target's launch command (which would leave a marker file) never runs.
 */
class PlanRefusedAtStartTest {
    @TempDir
    Path dir;

    @Test
    void aBadMultiplierOrAMissingCsvIsRefusedAtCheckAndAtRunWithItsPlace() throws Exception {
        Path marker = dir.resolve("launched");
        String ok = """
                name: shop
                target:
                  base_url: "http://127.0.0.1:9"
                  jvm: {launch: [touch, "MARKER"]}
                profile:
                  - {name: get, rps: 5, request: {path: /items}}
                slo: {error_rate: 0.01, p99_ms: 500}
                phases:
                  capacity: {start: 1, max: 4, step_duration: 1s}
                  confirm: {hold: 1s}
                """.replace("MARKER", marker.toString());
        String[][] cases = {
            {ok.replace("start: 1,", "start: 1.5,"), "1.5", "phases.capacity.start: expected an integer from 1"},
            {ok.replace("confirm: {hold: 1s}", "confirm: {hold: 1s, multiplier: 1.4}"), "1.4",
                "phases.confirm.multiplier: expected an integer from 1"},
            {ok + "data: {csv: nowhere.csv}\n", "nowhere.csv", "data.csv: "},
        };
        for (String[] c : cases) {
            Path plan = Files.writeString(dir.resolve("plan.yaml"), c[0]);
            String where = plan + ":" + at(c[0], c[1]) + ": " + c[2];
            BrinkRun check = brink("check", plan.toString());
            assertThat(check.code).as(c[0] + check.err).isEqualTo(2);
            assertThat(check.err).startsWith("brink: " + where).doesNotContain("Exception");
            Path runDir = dir.resolve("run");
            BrinkRun run = brink("run", plan.toString(), "--out", runDir.toString());
            assertThat(run.code).as(c[0] + run.err).isEqualTo(2);
            assertThat(run.err).startsWith("brink: " + where).doesNotContain("Exception");
            assertThat(runDir).as("nothing started").doesNotExist();
            assertThat(marker).as("the target was not launched").doesNotExist();
        }
    }

    /** "line:column" (1-based) where {@code token} first occurs in {@code text}. */
    private static String at(String text, String token) {
        int i = text.indexOf(token);
        int line = (int) text.substring(0, i).chars().filter(ch -> ch == '\n').count() + 1;
        return line + ":" + (i - text.lastIndexOf('\n', i - 1));
    }
}
