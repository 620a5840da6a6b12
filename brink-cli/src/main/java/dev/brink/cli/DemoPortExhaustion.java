package dev.brink.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PortExhaustionDetail;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC demo's last phase, field report 004's port exhaustion: a connection per call (what the report's JMeter
 * plugins did) at the report's 600 calls/s, from a generator whose ephemeral port range holds 100 ports, against
 * a service with slow handlers that answers ~320 calls/s. Every call waiting at the service holds its connection and
 * so a local port: the queue passes 100 within half a second and the next connects fail (EADDRNOTAVAIL): Brink's
 * port-exhaustion finding, with its advice. The queue, not TIME_WAIT, is what makes it certain: who closes a
 * per-call connection first (and so keeps the TIME_WAIT) depends on the timing of GOAWAY and FIN, and on an idle
 * machine the service often closes first, which leaves the client's ports free; a 200 calls/s run against a service
 * that keeps up then used only a handful of ports at a time.
 *
 * <p>The range is narrowed inside a network namespace of its own ({@code ip netns add}, then the sysctl there), so
 * the machine's own range is never touched: that needs root and iproute2, and the console says why the phase was
 * skipped without them. The service (slow handlers only) and a child Brink ({@code brink grpc --connection-policy
 * per-call}) both run in the namespace, since a process's ports are its namespace's; the service starts with the
 * demo, so only the load comes at its end. Bounded: 2 s of load, at most
 * {@value #READY_S} s for the service to start and {@value #RUN_S} s for the child; the processes are killed and
 * the namespace deleted on every way out, Ctrl-C included (a shutdown hook).
 */
final class DemoPortExhaustion {
    static final String RANGE = "40000 40099";
    private static final int PORT = 7000;
    private static final int READY_S = 30;
    private static final int RUN_S = 40;
    private static final String CALL = "brink.sample.orders.v1.Orders/PlaceOrder";

    private final String ns = "brinkdemo" + ProcessHandle.current().pid();
    private final List<Process> processes = new ArrayList<>();
    private boolean created;
    private boolean done; // cleaned up: nothing more may start

    private final Thread hook = new Thread(this::cleanUp, "brink-demo-netns-cleanup");
    private String skipped; // why the phase cannot run, once known
    private CompletableFuture<Boolean> ready;

    private DemoPortExhaustion() {
    }

    /**
     * Creates the namespace and starts the service in it, before the method runs: the service then starts while the
     * method's own target does (a JVM idle in its namespace afterwards), so the phase at the end costs only its load.
     * Never fails the demo: what goes wrong is said by {@link #finish}. The caller must {@link #close} it.
     */
    static DemoPortExhaustion start(SampleLauncher sample) {
        DemoPortExhaustion phase = new DemoPortExhaustion();
        try {
            Runtime.getRuntime().addShutdownHook(phase.hook);
            phase.skipped = phase.prepare(sample);
        } catch (IllegalStateException e) {
            phase.skipped = "the demo is stopping (Ctrl-C)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            phase.skipped = "interrupted";
        } catch (IOException e) {
            phase.skipped = e.getMessage();
        }
        return phase;
    }

    /** Runs the load and prints its finding, or one line saying why the phase was skipped. */
    void finish(PrintWriter console) {
        console.println();
        console.println("── port exhaustion (field report 004): a connection per call, 100 local ports " + "─".repeat(20));
        console.flush();
        try {
            if (skipped == null) skipped = load(console);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            skipped = "interrupted";
        } catch (IOException e) {
            skipped = e.getMessage();
        }
        if (skipped != null) console.println("skipped: " + skipped);
        console.flush();
        close();
    }

    /** Kills what runs in the namespace and deletes it; idempotent. */
    void close() {
        cleanUp();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs cleanUp itself
        }
    }

    /** @return why the phase cannot run, or null when the namespace is set up and the service starting */
    private String prepare(SampleLauncher sample) throws IOException, InterruptedException {
        String why = command(List.of("ip", "netns", "add", ns));
        if (why != null) {
            return "a network namespace of its own is needed to narrow the port range without touching this machine's: "
                    + "'ip netns add' " + why + " (it needs root and iproute2)";
        }
        synchronized (this) {
            created = true;
        }
        why = command(List.of("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"));
        if (why == null) why = command(List.of("ip", "netns", "exec", ns, "sysctl", "-q", "-w", "net.ipv4.ip_local_port_range=" + RANGE));
        if (why != null) return "cannot set up the network namespace " + ns + ": " + why;
        List<String> service = sample.grpcCommand(PORT, null, EnumSet.of(GrpcSampleDefect.SLOW_HANDLERS), null, List.of());
        // a service that only has to answer a few hundred calls: C1 and Serial GC start fastest
        service.addAll(1, List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        Process p = start(inNamespace(service), true);
        ready = new CompletableFuture<>();
        CompletableFuture<Boolean> up = ready;
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith("Order service ready")) up.complete(true);
                }
            } catch (IOException e) {
                // the service is gone: ready stays false
            }
            up.complete(false);
        }, "brink-demo-service-output");
        reader.setDaemon(true);
        reader.start();
        return null;
    }

    /** @return why the phase was skipped, or null when it ran */
    private String load(PrintWriter console) throws IOException, InterruptedException {
        boolean up;
        try {
            up = ready.get(READY_S, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            up = false;
        }
        if (!up) return "the order service did not start in the namespace within " + READY_S + " s";
        console.printf(Locale.ROOT, "in network namespace %s, ip_local_port_range %s: the order service, and brink grpc at "
                + "600 calls/s for 2 s with --connection-policy per-call%n", ns, RANGE.replace(' ', '-'));
        console.flush();
        Process brink = start(inNamespace(childBrink()), false);
        CompletableFuture<String> out = text(brink.getInputStream());
        CompletableFuture<String> err = text(brink.getErrorStream()); // the live lines (--json), or why it failed
        if (!brink.waitFor(RUN_S, TimeUnit.SECONDS)) return "brink grpc did not end within " + RUN_S + " s";
        JsonNode doc;
        try {
            doc = Json.MAPPER.readTree(out.get(5, TimeUnit.SECONDS));
        } catch (Exception e) {
            String said = err.getNow("").strip();
            return "brink grpc exited with " + brink.exitValue() + " and no result"
                    + (said.isEmpty() ? "" : ": " + said.substring(said.lastIndexOf('\n') + 1));
        }
        print(doc, console);
        return null;
    }

    private static void print(JsonNode doc, PrintWriter console) {
        JsonNode r = doc.path("result");
        StringBuilder errors = new StringBuilder();
        r.path("errors").fields().forEachRemaining(e -> errors.append(", ").append(e.getKey()).append(' ').append(e.getValue().asLong()));
        console.printf(Locale.ROOT, "calls: %d sent, %d ok%s%n", r.path("sent").asLong(), r.path("ok").asLong(), errors);
        boolean found = false;
        for (JsonNode f : doc.path("findings")) {
            found = true;
            console.println("finding: " + f.path("severity").asText() + " " + f.path("kind").asText() + ": " + f.path("title").asText());
            String advice = advice(f);
            if (advice != null) console.println("advice: " + advice);
        }
        if (!found) console.println("no port exhaustion seen (the ports held for these 2 s)");
    }

    /** A port-exhaustion finding's advice, read through its record; null for another kind or without advice. */
    private static String advice(JsonNode finding) {
        try {
            Finding f = Json.MAPPER.treeToValue(finding, Finding.class);
            return f.kind() == FindingKind.PORT_EXHAUSTION ? Detail.of(f, PortExhaustionDetail.class).advice() : null;
        } catch (JsonProcessingException e) {
            return null; // the line above already printed the finding as the child wrote it
        }
    }

    /** brink grpc in a child JVM: the port range that matters is the namespace's, where this process is not. */
    private static List<String> childBrink() {
        // a short command: C1 and Serial GC start fastest (DESIGN.md); a fixed machine id spares Netty looking
        // for a hardware address the namespace does not have
        return ChildBrink.command(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-Dio.netty.machineId=02:00:00:00:00:01"),
                "grpc", "127.0.0.1:" + PORT, "--call", CALL,
                "--data", "{\"customer\": \"c${seq}\", \"lines\": [{\"sku\": \"sku-1\", \"quantity\": 1, \"unit_cents\": 100}]}",
                "--rate", "600", "--duration", "2s", "--timeout", "1s", "--connection-policy", "per-call", "--no-warm-up", "--json");
    }

    private List<String> inNamespace(List<String> cmd) {
        List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        c.addAll(cmd);
        return c;
    }

    /** All of {@code in}, read on a thread of its own (a full pipe must never stall the child). */
    private static CompletableFuture<String> text(java.io.InputStream in) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (in) {
                text.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.complete("");
            }
        }, "brink-demo-child-output");
        t.setDaemon(true);
        t.start();
        return text;
    }

    private synchronized Process start(List<String> cmd, boolean mergeErrors) throws IOException {
        if (done) throw new IOException("the demo is stopping");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(mergeErrors).start();
        processes.add(p);
        return p;
    }

    /** Kills what ran in the namespace, then deletes it; idempotent (the shutdown hook and the finally both call it). */
    private synchronized void cleanUp() {
        done = true;
        for (Process p : processes) {
            p.destroy();
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        processes.clear();
        if (created) {
            created = false;
            try {
                command(List.of("ip", "netns", "del", ns));
            } catch (IOException | InterruptedException e) {
                // nothing more to do: the name carries this process's pid, so no later demo collides with it
            }
        }
    }

    /** Runs a short command; null when it succeeded, else what went wrong in a few words. */
    private static String command(List<String> cmd) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "could not run: " + e.getMessage();
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "did not end within 30 s";
        }
        if (p.exitValue() == 0) return null;
        int nl = out.indexOf('\n');
        return "failed (exit " + p.exitValue() + (out.isEmpty() ? "" : ": " + (nl < 0 ? out : out.substring(0, nl))) + ")";
    }
}
