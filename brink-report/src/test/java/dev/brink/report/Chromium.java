package dev.brink.report;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Debian's headless Chromium (which .ci/run installs), driven by its command line only: a screenshot or the DOM. */
final class Chromium {
    static final Path BINARY = Path.of("/usr/bin/chromium");

    /** What one run of chromium printed, and the DOM after the page's scripts ran (empty for a screenshot). */
    record Result(String log, String dom) {
        List<String> consoleLines() {
            return log.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")).toList();
        }
    }

    private Chromium() {
    }

    static void assumeInstalled() {
        assumeTrue(Files.isExecutable(BINARY), "headless Chromium is not installed at /usr/bin/chromium (.ci/run installs Debian's chromium): skipped");
    }

    static Result screenshot(Path html, Path png, Path profileParent) throws Exception {
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);
        return run(profileParent, List.of("--hide-scrollbars", "--window-size=1200,3200", "--screenshot=" + png), html.toUri().toString());
    }

    static Result dumpDom(String url, Path profileParent) throws Exception {
        return run(profileParent, List.of("--dump-dom"), url);
    }

    private static Result run(Path profileParent, List<String> action, String url) throws Exception {
        Path profile = Files.createTempDirectory(profileParent, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000"));
        cmd.addAll(action);
        cmd.add(url);
        Path err = Files.createTempFile(profileParent, "chromium", ".log");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s");
        }
        return new Result(Files.readString(err), out);
    }
}
