package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.UserText;
import dev.brink.load.metrics.MetricsServer;
import dev.brink.load.plan.Plan;
import dev.brink.method.MethodRunner;
import dev.brink.shard.ShardedEngine;
import dev.brink.shard.coordinator.ControlServer;
import dev.brink.shard.coordinator.ControlToken;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator of {@code brink run PLAN --shards N}: the control API started, the workers joined (started here as
 * child processes when no {@code --coordinator} address is given), then the method runs with a {@link ShardedEngine}
 * as its load, and at the end the workers are told the run is over. Each local worker writes into the run's
 * {@code shards/I/}, its console in {@code shards/I/worker.log}.
 */
final class ShardedMethod implements AutoCloseable {
    /** Remote workers (pods being scheduled, images pulled) get longer to join than children on this machine. */
    static final Duration REMOTE_JOIN = Duration.ofMinutes(5);
    static final Duration LOCAL_JOIN = Duration.ofSeconds(90);

    private final ControlServer server;
    private final List<Process> children;
    private final PrintWriter console;

    private ShardedMethod(ControlServer server, List<Process> children, PrintWriter console) {
        this.server = server;
        this.children = children;
        this.console = console;
    }

    /** Starts the control API and waits until the N workers joined. */
    /** @param connections the run's --connections (null: the engine's default), split over local workers */
    static ShardedMethod start(Plan plan, Path planFile, int n, String address, Path tokenFile, Integer connections, RunDirectory run,
                               PrintWriter console) throws BrinkUserException, InterruptedException {
        boolean local = address == null;
        InetSocketAddress at = local ? new InetSocketAddress("127.0.0.1", 0) : parse(address);
        ControlToken token = local ? ControlToken.random() : ControlToken.read(tokenFile, System::getenv);
        String text = InputFiles.readUtf8(planFile, InputKind.PLAN);
        ControlServer server = ControlServer.start(at, token, n, plan.profile().size(), text, planFile.getFileName().toString());
        List<Process> children = new ArrayList<>();
        ShardedMethod m = new ShardedMethod(server, children, console);
        try {
            InetSocketAddress bound = server.address();
            String hostPort = bound.getAddress().getHostAddress() + ":" + bound.getPort();
            console.println("coordinator: waiting for " + n + " workers on " + hostPort
                    + (local ? " (starting them here)" : " (brink worker --coordinator " + hostPort + " --shard I/" + n + ")"));
            console.flush();
            if (local) {
                for (int i = 0; i < n; i++) {
                    children.add(worker(hostPort, i, n, token, connections, run));
                    dev.brink.load.host.HostSampler.countAsGenerator(children.get(i).pid());
                }
                server.watch(children);
            }
            server.awaitJoined(local ? LOCAL_JOIN : REMOTE_JOIN);
            console.println("coordinator: " + n + " workers joined");
            return m;
        } catch (BrinkUserException | InterruptedException | RuntimeException e) {
            m.close();
            throw e;
        }
    }

    /** The method's load: the joined workers, merged into {@code run}. */
    MethodRunner.LoadOpener load() {
        return (plan, options, run) -> ShardedEngine.open(plan, server, run, console);
    }

    private static InetSocketAddress parse(String address) throws BrinkUserException {
        try {
            return MetricsServer.parse(address);
        } catch (BrinkUserException e) {
            throw new BrinkUserException("bad --coordinator '" + UserText.quote(address) + "': expected [HOST:]PORT, like 0.0.0.0:7070 or 7070");
        }
    }

    /** A worker on this machine: the same Java and class path as this process, the token in its environment only. */
    private static Process worker(String hostPort, int i, int n, ControlToken token, Integer connections, RunDirectory run)
            throws BrinkUserException {
        Path dir = run.root().resolve("shards").resolve(Integer.toString(i));
        List<String> cmd = ChildBrink.command(List.of("-Xmx256m", "-XX:+UseSerialGC"),
                "worker", "--coordinator", hostPort, "--shard", i + "/" + n, "--out", dir.toString());
        if (connections != null) cmd.addAll(List.of("--connections", Integer.toString(Math.max(1, (connections + n - 1) / n))));
        try {
            Files.createDirectories(dir);
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("worker.log").toFile());
            pb.environment().put(ControlToken.ENV, token.secret());
            return pb.start();
        } catch (IOException e) {
            throw new BrinkUserException("cannot start worker " + i + "/" + n + ": " + e.getMessage());
        }
    }

    /** Tells the workers the run is over; local ones get a few seconds to exit, then are stopped. */
    @Override
    public void close() {
        try {
            server.finish();
            for (Process p : children) {
                if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(Process::destroyForcibly);
        } finally {
            server.close();
            children.forEach(p -> dev.brink.load.host.HostSampler.forgetWorker(p.pid()));
        }
    }
}
