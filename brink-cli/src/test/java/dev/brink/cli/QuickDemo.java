package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.FindingDetail;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of {@code brink demo --scenario NAME --quick} for the demo tests: what it printed, its exit code (0 is
 * asserted), its run directory and summary.json, and the checks every demo owes its user (each finding's details
 * are in the contract, the services it launched are gone). The console is printed so that a failure's surefire
 * report shows what the demo said.
 */
final class QuickDemo {
    /** "target launched (pid N)" and, after a soak's small-heap relaunch, "target relaunched with -Xmx64m (pid N)". */
    private static final Pattern LAUNCHED = Pattern.compile("target (?:launched|relaunched with -Xmx\\S+) \\(pid (\\d+)\\)");

    final Path out;
    final BrinkRun run;
    final JsonNode summary;

    private QuickDemo(Path out, BrinkRun run, JsonNode summary) {
        this.out = out;
        this.run = run;
        this.summary = summary;
    }

    /** Runs the scenario into {@code dir}/NAME; skipped (not failed) when the sample jar was not built. */
    static QuickDemo run(Path dir, String scenario) throws Exception {
        SampleJarProcess.requireBuilt();
        Path out = dir.resolve(scenario);
        BrinkRun r = brink("demo", "--scenario", scenario, "--quick", "--out", out.toString());
        System.out.println(r.out);
        assertThat(r.code).as(r.out + r.err).isZero();
        return new QuickDemo(out, r, Json.MAPPER.readTree(out.resolve("summary.json").toFile()));
    }

    /** summary.json's findings of one kind, each checked to carry only the detail keys the contract names. */
    List<JsonNode> findings(FindingKind kind) throws Exception {
        List<JsonNode> of = new ArrayList<>();
        for (JsonNode f : summary.get("findings")) {
            FindingKind k = Json.MAPPER.treeToValue(f.get("kind"), FindingKind.class);
            f.get("detail").fieldNames().forEachRemaining(key ->
                    assertThat(FindingDetail.KEYS.get(k)).as(k + " detail " + key + " is in the contract").contains(key));
            if (k == kind) {
                of.add(f);
            }
        }
        return of;
    }

    /** Every JVM the demo launched (and relaunched) has exited: the demo leaves nothing behind. */
    void assertLaunchedTargetsGone() {
        Matcher m = LAUNCHED.matcher(run.out);
        int seen = 0;
        while (m.find()) {
            seen++;
            assertThat(ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false))
                    .as("pid " + m.group(1) + " still alive").isFalse();
        }
        assertThat(seen).as(run.out).isPositive();
    }
}
