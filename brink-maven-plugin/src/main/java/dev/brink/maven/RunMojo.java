package dev.brink.maven;

import dev.brink.core.BrinkUserException;
import dev.brink.junit.PlanRun;
import dev.brink.junit.RunDiagnosis;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code brink:run}: runs a plan against the service the build started (by default in the integration-test phase,
 * between e.g. {@code spring-boot:start} and {@code spring-boot:stop}) and fails the build when its gate fails, with
 * the gate's lines and the diagnosis. The run directory, report.html included, goes under {@code target/brink/}.
 *
 * <p>A misspelt phase, finding kind or gate word fails the build as a configuration error (what {@code brink run}
 * exits 2 for) before any load is sent; a failed gate is a build failure (exit 3).
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class RunMojo extends AbstractMojo {
    /** The plan (YAML). */
    @Parameter(property = "brink.plan", required = true)
    File plan;

    /** The phases to run, of capacity, confirm, soak; empty: every phase the plan has. */
    @Parameter(property = "brink.phases")
    List<String> phases = new ArrayList<>();

    /** Where the service listens ("http://127.0.0.1:8080"); replaces the plan's target.base_url. */
    @Parameter(property = "brink.baseUrl")
    String baseUrl;

    /** The service's process id, to watch its JVM (heap, GC, threads, evidence). */
    @Parameter(property = "brink.pid")
    Long pid;

    /**
     * A file holding the service's process id, written by the step that started it: waited for (within
     * {@code startupTimeout}, as the port is) until it holds the id of a running process, since a service started
     * asynchronously may write it after its port answers.
     */
    @Parameter(property = "brink.pidFile")
    File pidFile;

    /** Replaces the plan's fail_on gate. */
    @Parameter
    FailOn failOn;

    /**
     * A stored baseline run directory: the run is compared with it at its end (compare.html beside the report), and a
     * regression beyond 5 %, a lower capacity, or (when the gate fails on findings) a new finding fails the build.
     */
    @Parameter(property = "brink.baseline")
    File baseline;

    /** Where run directories go. */
    @Parameter(property = "brink.outputDirectory", defaultValue = "${project.build.directory}/brink")
    File outputDirectory;

    @Parameter(property = "brink.skip", defaultValue = "false")
    boolean skip;

    /**
     * Seconds to wait for the service's port to accept connections before the run (a service started
     * asynchronously by the build may still be starting); 0: do not wait.
     */
    @Parameter(property = "brink.startupTimeout", defaultValue = "60")
    int startupTimeout;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("brink: skipped (brink.skip)");
            return;
        }
        PlanRun.Outcome o;
        try {
            o = prepare().run(outputDirectory.toPath(), "run", new PrintWriter(new LogWriter(), true));
        } catch (BrinkUserException e) {
            throw new MojoExecutionException("brink: " + e.getMessage());
        }
        getLog().info("brink: " + String.join("\nbrink: ", RunDiagnosis.lines(o.summary())));
        getLog().info("brink: report " + o.report());
        if (o.comparison() != null) {
            getLog().info("brink: comparison with the baseline " + o.comparison());
        }
        if (!o.passed()) {
            throw new MojoFailureException(o.failureMessage());
        }
    }

    /** Reads the plan and checks every name, before any load. */
    PlanRun prepare() throws BrinkUserException {
        if (plan == null || !plan.isFile()) {
            throw new BrinkUserException("plan " + plan + ": no such file");
        }
        PlanRun run = new PlanRun(plan.toPath(), phases.toArray(String[]::new));
        if (failOn != null) {
            run = run.withFailOn(PlanRun.failOn(failOn.capacityBelow, failOn.confirm, failOn.soak, failOn.findings, failOn.thresholds))
                    .withFailOnFindings(failOn.findingKinds.toArray(String[]::new), "failOn.findingKinds");
        }
        if (baseline != null) {
            run = run.withBaseline(baseline.toPath());
        }
        URI url = baseUrl != null ? URI.create(baseUrl) : run.plan().target().baseUrl();
        long deadline = System.nanoTime() + Math.max(0, startupTimeout) * 1_000_000_000L;
        awaitPort(url, deadline);
        Long watched = pid != null ? pid : awaitPid(deadline);
        if (baseUrl != null || watched != null) {
            run = run.withTarget(url, watched);
        }
        return run;
    }

    /** Polls the service's port (loopback or the address the plan names) until it accepts a connection. */
    private void awaitPort(URI url, long deadline) throws BrinkUserException {
        if (startupTimeout <= 0 || url == null || url.getHost() == null) {
            return;
        }
        int port = dev.brink.core.Addresses.portOf(url);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(url.getHost(), port), 1000);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new BrinkUserException("the service at " + url + " did not accept a connection within " + startupTimeout
                            + " s (" + e.getMessage() + ")");
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new BrinkUserException("interrupted while waiting for " + url);
                }
            }
        }
    }

    /**
     * The process id in {@code pidFile}, once it holds one of a running process: a service writes it as it starts, which
     * may be after its port answered, and may write it in more than one piece. Waits until {@code deadline}.
     */
    private Long awaitPid(long deadline) throws BrinkUserException {
        if (pidFile == null) {
            return null;
        }
        String last;
        while (true) {
            last = pidIn(pidFile);
            if (last == null) {
                String text = read(pidFile);
                try {
                    long p = Long.parseLong(text);
                    if (ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)) return p;
                    last = "process " + p + " is not running";
                } catch (NumberFormatException e) {
                    last = "it holds '" + (text.length() > 20 ? text.substring(0, 20) + "…" : text) + "'";
                }
            }
            if (System.nanoTime() > deadline) {
                throw new BrinkUserException("pidFile " + pidFile + ": expected the id of the running service within " + startupTimeout
                        + " s (brink.startupTimeout), but " + last);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new BrinkUserException("interrupted while waiting for " + pidFile);
            }
        }
    }

    /** Why {@code file} holds no process id yet (null when it holds text to read). */
    private static String pidIn(File file) {
        if (!file.isFile()) return "it does not exist yet";
        String text = read(file);
        return text.isEmpty() ? "it is empty" : null;
    }

    private static String read(File file) {
        try {
            return Files.readString(file.toPath(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "";
        }
    }

    /** The method's progress lines into the build log, line by line. */
    private final class LogWriter extends Writer {
        private final StringWriter line = new StringWriter();

        @Override
        public void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                    flushLine();
                } else {
                    line.write(buf[i]);
                }
            }
        }

        private void flushLine() {
            getLog().info(line.toString());
            line.getBuffer().setLength(0);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            if (line.getBuffer().length() > 0) {
                flushLine();
            }
        }
    }
}
