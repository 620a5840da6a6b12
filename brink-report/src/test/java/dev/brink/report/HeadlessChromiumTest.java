package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html as a person sees it: rendered by headless Chromium (Debian's package, which .ci/run
 * installs), with no console errors, and the charts really drawn (their line colours on the screenshot).
 */
class HeadlessChromiumTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path dir;

    @Test
    void thePageRendersItsChartsWithoutConsoleErrors() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "headless Chromium is not installed (.ci/run installs Debian's chromium)");
        RunDirectory run = RunDirectory.at(dir);
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD))) {
            long t0 = System.currentTimeMillis() - 120_000;
            for (int i = 0; i < 120; i++) {
                load.append(Map.of("epoch_ms", t0 + i * 1000L, "target_rps", 200, "sent", 200, "ok", 195 - i % 7,
                        "errors", Map.of("http-503", 5 + i % 7),
                        "corrected", Map.of("p50_ms", 4.0 + i % 5, "p99_ms", 30.0 + 20 * Math.sin(i / 9.0), "max_ms", 90.0),
                        "uncorrected", Map.of("p99_ms", 20.0)));
            }
        }
        Path html = RunReport.write(dir).html();
        Path target = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Files.createDirectories(target.getParent());
        Files.deleteIfExists(target);
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                "--hide-scrollbars", "--window-size=1200,2400", "--virtual-time-budget=5000", "--screenshot=" + target,
                html.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        List<String> console = log.lines().filter(l -> l.contains("CONSOLE")).toList();
        assertThat(console).as("console messages").isEmpty();
        assertThat(target).as("screenshot, chromium said:\n" + log).exists();

        BufferedImage shot = ImageIO.read(target.toFile());
        // every chart draws its first series in the palette's blue and the second in red or green
        assertThat(pixels(shot, 0x1f77b4)).as("blue series pixels").isGreaterThan(500);
        assertThat(pixels(shot, 0xd62728)).as("red series pixels").isGreaterThan(300);
    }

    private static int pixels(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int c = img.getRGB(x, y);
                if (close(c >> 16 & 0xff, rgb >> 16 & 0xff) && close(c >> 8 & 0xff, rgb >> 8 & 0xff) && close(c & 0xff, rgb & 0xff)) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean close(int a, int b) {
        return Math.abs(a - b) < 24;
    }
}
