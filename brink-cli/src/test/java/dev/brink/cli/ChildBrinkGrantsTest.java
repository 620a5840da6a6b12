package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Brink on JDK 24 or later prints no JVM warnings: a one-second {@code brink http} against a local server, run by
 * the newest JDK installed here with what {@link ChildBrink#grants} gives that release, writes nothing on stderr that
 * starts with "WARNING:". The same run without the grants must show them, or this test could not see them. Skips
 * where no JDK 24+ is installed (CI's JDK 17 alone warns of neither).
 */
class ChildBrinkGrantsTest {
    /** The newest JDK the project's tests use (brink-jfr's recordings and the GC sweeps run on it too). */
    static final Path NEWEST_JDK = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final int NEWEST_FEATURE = 25;

    static HttpServer server;

    @BeforeAll
    static void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        byte[] body = "ok\n".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", x -> {
            x.getRequestBody().readAllBytes();
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @Test
    void aLoadRunOnTheNewestJdk_printsNoJvmWarnings(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(NEWEST_JDK.resolve("bin/java")), "no JDK " + NEWEST_FEATURE + " at " + NEWEST_JDK);
        String granted = stderrOfRun(ChildBrink.grants(NEWEST_FEATURE), dir.resolve("granted"));
        assertThat(warnings(granted)).as(granted).isEmpty();
        String bare = stderrOfRun(List.of(), dir.resolve("bare"));
        assertThat(warnings(bare)).as("without the grants the JVM warns: " + bare)
                .anyMatch(l -> l.contains("sun.misc.Unsafe")).anyMatch(l -> l.contains("restricted method"));
    }

    @Test
    void releasesBeforeTwentyFour_getNoOption_theyDoNotKnowAll() {
        assertThat(ChildBrink.grants(17)).isEmpty();
        assertThat(ChildBrink.grants(23)).isEmpty();
        assertThat(ChildBrink.grants(24)).contains("--sun-misc-unsafe-memory-access=allow");
    }

    private static List<String> warnings(String stderr) {
        return stderr.lines().filter(l -> l.startsWith("WARNING:")).toList();
    }

    private static String stderrOfRun(List<String> grants, Path out) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(NEWEST_JDK.resolve("bin/java").toString()));
        cmd.addAll(grants);
        cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                BrinkMain.class.getName(), "http", "http://127.0.0.1:" + server.getAddress().getPort() + "/",
                "--users", "2", "--duration", "1s", "--out", out.toString()));
        Path err = Files.createTempFile("brink-grants", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(err.toFile()).start();
            boolean done = p.waitFor(120, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            assertThat(done).as("the run ended").isTrue();
            String text = Files.readString(err);
            assertThat(p.exitValue()).as(text).isIn(0, 1);
            return text;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
