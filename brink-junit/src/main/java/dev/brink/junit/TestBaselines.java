package dev.brink.junit;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The baselines of a whole test suite, from the system property {@value #PROPERTY}: a folder laid out as the extension
 * writes its runs ({@code target/brink/<TestClass>/<stamp>-<run>}), kept from an earlier build. Each {@code @BrinkLoad}
 * run is compared with the newest run of the same test class and run name in it.
 *
 * <p>Why a folder, not one run directory: a build has several Brink runs (each {@code @BrinkLoad} test, the Maven
 * plugin's run) and a run directory is the baseline of one of them only. One directory for every run compared each test
 * with another harness's run of the same plan: examples/orders-service's JUnit test against the plugin's run, p50
 * +663 % and +1 551 % with the same code, a failed build. The Maven plugin's {@code brink.baseline} names its own run.
 */
final class TestBaselines {
    static final String PROPERTY = "brink.junit.baselines";

    private TestBaselines() {
    }

    /**
     * The baseline of run {@code runName} of {@code testClass} under {@code folder}: the newest directory
     * {@code <TestClass>/<stamp>-<runName>} that holds a finished run.
     */
    static Path of(Path folder, Class<?> testClass, String runName) throws BrinkUserException {
        if (Files.isRegularFile(folder.resolve(RunDirectory.SUMMARY))) {
            throw new BrinkUserException(PROPERTY + "=" + folder + ": one run directory; expected a folder of runs as target/brink "
                    + "holds them (<TestClass>/<stamp>-<test>); for one test's baseline use @BrinkLoad(baseline = DIR)");
        }
        Path runs = folder.resolve(testClass.getSimpleName());
        String suffix = "-" + RunDirectory.nameInDirectory(runName);
        List<Path> mine;
        try (Stream<Path> all = Files.isDirectory(runs) ? Files.list(runs) : Stream.empty()) {
            // RunDirectory names start with a sortable stamp; a second run in the same second ends "-2", "-3"
            mine = all.filter(d -> Files.isRegularFile(d.resolve(RunDirectory.SUMMARY)))
                    .filter(d -> d.getFileName().toString().matches(".*\\Q" + suffix + "\\E(-[0-9]+)?"))
                    .sorted(Comparator.comparing(d -> d.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new BrinkUserException(PROPERTY + "=" + folder + ": cannot list " + runs + ": " + e.getMessage());
        }
        if (mine.isEmpty()) {
            throw new BrinkUserException(PROPERTY + "=" + folder + ": no finished run of " + testClass.getSimpleName() + "."
                    + runName + " (expected " + runs + "/<stamp>" + suffix + " with its summary.json)");
        }
        return mine.get(mine.size() - 1);
    }
}
