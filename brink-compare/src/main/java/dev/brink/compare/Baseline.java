package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A run compared with a stored baseline at its end ({@code brink run --baseline DIR}, {@code @BrinkLoad(baseline)},
 * the Maven plugin's {@code <baseline>}): the comparison's outputs go beside the run's report, in the run directory,
 * and its gate is the build's. The baseline is checked before any load is sent.
 */
public final class Baseline {
    /** The comparison with the baseline, as {@code brink compare --html} writes it. */
    public static final String HTML = "compare.html";
    public static final String MARKDOWN = "compare.md";
    public static final String JUNIT = "compare-junit.xml";
    public static final String JSON = "compare.json";

    private Baseline() {
    }

    /** The baseline directory, checked now: a run directory Brink wrote, with its summary.json (a finished run). */
    public static Path check(Path dir) throws BrinkUserException {
        if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(RunDirectory.SUMMARY))
                || !Files.isRegularFile(dir.resolve(RunDirectory.LOAD))) {
            throw new BrinkUserException("baseline " + dir + ": not a finished run directory (expected summary.json and load.jsonl, "
                    + "as brink run --out DIR writes them)");
        }
        return dir;
    }

    /**
     * What a build fails on against its baseline: a regression of any metric, a lower capacity, and new findings when
     * the plan's own gate fails on findings.
     */
    public static Set<GateCondition> conditions(boolean findings) {
        return findings ? EnumSet.allOf(GateCondition.class) : EnumSet.of(GateCondition.REGRESSION, GateCondition.CAPACITY);
    }

    /** Compares {@code run} with {@code baseline} and writes the comparison's outputs into {@code run}. */
    public static RunComparison compare(Path baseline, Path run, Set<GateCondition> gate) throws BrinkUserException {
        CompareSettings settings = CompareSettings.defaults().withFailOn(gate);
        RunComparison c = RunComparer.compare(baseline, run, settings);
        List<RunComparison> one = List.of(c);
        write(run.resolve(HTML), CompareHtml.write(one));
        write(run.resolve(MARKDOWN), CompareMarkdown.write(one));
        write(run.resolve(JUNIT), CompareJunit.write(one));
        try {
            write(run.resolve(JSON), Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(c) + "\n");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return c;
    }

    private static void write(Path file, String text) throws BrinkUserException {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + file + ": " + e.getMessage());
        }
    }
}
