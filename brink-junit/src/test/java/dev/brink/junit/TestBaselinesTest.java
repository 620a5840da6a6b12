package dev.brink.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's baselines are a folder of an earlier build's runs: each test takes its own newest finished run, never
 * another test's (nor the Maven plugin's run of the same plan), and a folder without one is said, not skipped.
 */
class TestBaselinesTest {
    @TempDir
    Path tmp;

    static class OrdersTest {
    }

    @Test
    void eachTestTakesItsOwnNewestFinishedRun() throws Exception {
        Path suite = tmp.resolve("brink");
        run(suite.resolve("OrdersTest/2026-11-27T10-00-00-carriesTwice"));
        Path newest = run(suite.resolve("OrdersTest/2026-11-28T09-00-00-carriesTwice"));
        Path again = run(suite.resolve("OrdersTest/2026-11-28T09-00-00-carriesTwice-2"));
        run(suite.resolve("OrdersTest/2026-11-28T11-00-00-carriesTwiceOver"));
        run(suite.resolve("OtherTest/2026-11-28T12-00-00-carriesTwice"));
        Files.createDirectories(suite.resolve("OrdersTest/2026-11-28T13-00-00-carriesTwice")); // killed: no summary.json

        assertThat(TestBaselines.of(suite, OrdersTest.class, "carriesTwice")).isEqualTo(again);
        Files.delete(again.resolve(RunDirectory.SUMMARY));
        assertThat(TestBaselines.of(suite, OrdersTest.class, "carriesTwice")).isEqualTo(newest);
    }

    @Test
    void oneRunDirectoryOrAFolderWithoutThisTestIsAConfigurationError() throws Exception {
        Path one = run(tmp.resolve("2026-11-28T03-00-58-run"));
        assertThatThrownBy(() -> TestBaselines.of(one, OrdersTest.class, "carriesTwice")).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("one run directory").hasMessageContaining("@BrinkLoad(baseline = DIR)");
        assertThatThrownBy(() -> TestBaselines.of(tmp.resolve("empty"), OrdersTest.class, "carriesTwice"))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("no finished run of OrdersTest.carriesTwice")
                .hasMessageContaining("OrdersTest/<stamp>-carriesTwice");
    }

    private static Path run(Path dir) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(RunDirectory.SUMMARY), "{\"plan\": \"orders\"}\n");
        return dir;
    }
}
