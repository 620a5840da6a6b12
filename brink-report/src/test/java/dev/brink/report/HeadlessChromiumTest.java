package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.EventLog;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a killed load-only run as a person sees it, in headless Chromium (Debian's package, which
 * .ci/run installs): no console or script errors, each chart really drawn (its series' pixels counted by the
 * page's #selfcheck), and the screenshot shows the series colours.
 */
class HeadlessChromiumTest {
    @TempDir
    Path dir;

    @Test
    void aKilledLoadOnlyRunRendersItsChartsWithoutErrors() throws Exception {
        Chromium.assumeInstalled();
        RunDirectory run = RunDirectory.at(dir);
        long t0 = System.currentTimeMillis() - 120_000;
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD)); EventLog events = new EventLog(run)) {
            events.append("step-start", Map.of("step", "http", "duration_s", 120.0, "target_rps", 200.0));
            for (int i = 0; i < 120; i++) {
                load.append(Map.of("epoch_ms", t0 + i * 1000L, "target_rps", 200, "sent", 200, "ok", 195 - i % 7,
                        "errors", Map.of("http-503", 5 + i % 7),
                        "corrected", Map.of("p50_ms", 4.0 + i % 5, "p99_ms", 30.0 + 20 * Math.sin(i / 9.0), "max_ms", 90.0),
                        "uncorrected", Map.of("p99_ms", 20.0)));
            }
        }
        Files.writeString(run.file(RunDirectory.LOAD), "{\"epoch_ms\":" + (t0 + 120_000) + ",\"sent\":2", java.nio.file.StandardOpenOption.APPEND);
        Path html = RunReport.write(dir).html();

        Chromium.Result dom = Chromium.dumpDom(html.toUri() + "#selfcheck", dir);
        assertThat(dom.consoleLines()).as("console messages").isEmpty();
        assertThat(dom.dom()).contains("<div id=\"errors\" hidden=\"\"></div>", "summary.json is missing", "http (cut)");
        Matcher m = Pattern.compile("<div class=\"chart\" id=\"chart-([a-z]+)\" data-drawn=\"(\\d+)\"").matcher(dom.dom());
        List<String> drawn = new ArrayList<>();
        while (m.find()) {
            assertThat(Integer.parseInt(m.group(2))).as("series pixels in chart " + m.group(1)).isGreaterThan(100);
            drawn.add(m.group(1));
        }
        assertThat(drawn).containsExactly("rate", "errors", "latency");

        Path png = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Chromium.Result shot = Chromium.screenshot(html, png, dir);
        assertThat(shot.consoleLines()).as("console messages").isEmpty();
        assertThat(png).as("screenshot, chromium said:\n" + shot.log()).exists();
        BufferedImage img = ImageIO.read(png.toFile());
        // every chart draws its first series in the palette's blue and the second in red
        assertThat(pixels(img, 0x1f77b4)).as("blue series pixels").isGreaterThan(500);
        assertThat(pixels(img, 0xd62728)).as("red series pixels").isGreaterThan(300);
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
