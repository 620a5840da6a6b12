package dev.brink.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** brink:run and brink:report as Maven calls them (configured fields, then execute()), against a service on 127.0.0.1. */
class RunMojoTest {
    private static final File PLAN = new File("src/test/resources/one-step.yaml");

    @TempDir
    Path out;
    private HttpServer server;

    @BeforeEach
    void serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        byte[] body = "[]".getBytes(StandardCharsets.UTF_8);
        server.createContext("/orders", x -> {
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /**
     * A gate the run cannot pass fails the build with the gate's line; the report is under the output folder and
     * rebuilds. The plan's search stops at 1 × profile, so it shows the service carries at least that and never that it
     * carries less than 5 (on a saturated machine, even less): the gate is not judged, and the build fails closed on it.
     */
    @Test
    void aGateTheRunCannotJudgeFailsTheBuildWithItsLinesAndLeavesTheReport() throws Exception {
        RunMojo run = mojo();
        run.failOn = new FailOn();
        run.failOn.capacityBelow = 5.0; // the plan stops at 1 × profile

        assertThatThrownBy(run::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("the gate of plan 'one-step' could not be judged")
                .hasMessageContaining("fail_on.capacity_below: not judged: the search ended on ")
                .hasMessageContaining("not known to be below 5")
                .hasMessageContaining("report: ");
        assertThat(files(out, "report.html")).hasSize(1);

        ReportMojo report = new ReportMojo();
        report.outputDirectory = out.toFile();
        Path html = files(out, "report.html").get(0);
        Files.delete(html);
        report.execute();
        assertThat(html).as("rebuilt from the run directory").isNotEmptyFile();
    }

    /** Misspelt names in <failOn> or <phases>: a configuration error before any load, never a gate that cannot fail. */
    @Test
    void misspeltNamesAreConfigurationErrors() throws Exception {
        RunMojo kind = mojo();
        kind.failOn = new FailOn();
        kind.failOn.findingKinds = List.of("memory-leek");
        assertThatThrownBy(kind::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("failOn.findingKinds: 'memory-leek' is not a finding kind").hasMessageContaining("memory-leak");

        RunMojo verdict = mojo();
        verdict.failOn = new FailOn();
        verdict.failOn.confirm = "degrade";
        assertThatThrownBy(verdict::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("failOn.confirm: 'degrade'").hasMessageContaining("degraded");

        RunMojo threshold = mojo();
        threshold.failOn = new FailOn();
        threshold.failOn.thresholds = "p99>200ms,p98>1s";
        assertThatThrownBy(threshold::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("failOn.thresholds: 'p98>1s': expected");

        RunMojo phase = mojo();
        phase.phases = List.of("capcity");
        assertThatThrownBy(phase::execute).isInstanceOf(MojoExecutionException.class).hasMessageContaining("'capcity' is not a phase");

        assertThat(files(out, "events.jsonl")).as("no run started").isEmpty();
    }

    /**
     * A service started asynchronously may answer on its port before it writes its pid file (the example once failed
     * with "pidFile …: expected a process id"): the file is waited for, within startupTimeout, until it holds the id of a
     * running process; written empty first, then in full here. Never written: one line naming the file and the timeout.
     */
    @Test
    void thePidFileIsWaitedForLikeThePort() throws Exception {
        Path pidFile = out.resolve("service.pid");
        Thread writer = new Thread(() -> {
            try {
                Thread.sleep(300);
                Files.writeString(pidFile, "");
                Thread.sleep(300);
                Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        RunMojo late = mojo();
        late.pidFile = pidFile.toFile();
        late.startupTimeout = 30;
        assertThat(late.prepare().plan().target().jvm().pid()).isEqualTo(ProcessHandle.current().pid());
        writer.join();

        RunMojo never = mojo();
        never.pidFile = out.resolve("never.pid").toFile();
        never.startupTimeout = 1;
        assertThatThrownBy(never::prepare).hasMessageContaining("never.pid: expected the id of the running service within 1 s")
                .hasMessageContaining("it does not exist yet");
    }

    private RunMojo mojo() {
        RunMojo m = new RunMojo();
        m.plan = PLAN;
        m.baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
        m.outputDirectory = out.toFile();
        return m;
    }

    private static List<Path> files(Path dir, String name) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).toList();
        }
    }
}
