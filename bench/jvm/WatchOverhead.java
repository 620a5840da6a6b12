import dev.brink.core.RunDirectory;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * Overhead of `brink watch` (1 s interval) on the target's CPU. Starts a target JVM that does a fixed,
 * light amount of work per 10 ms tick (a service at low load: the case where an observer's own cost is
 * most visible), then measures the target's CPU time (ProcessHandle, user+system) over equal windows
 * without and with a JvmObserver sampling every second, alternating A/B/A/B to spread machine noise.
 *
 * Run (from the repository root, after ./mvnw -B -DskipTests package):
 *   java -cp brink-cli/target/brink.jar bench/jvm/WatchOverhead.java [windowSeconds=30] [rounds=2]
 */
public class WatchOverhead {
    /** The target: ~1 ms of arithmetic every 10 ms, i.e. about 10 % of one core. */
    public static final String TARGET_SRC = """
            public class Target {
                static volatile double sink;
                public static void main(String[] a) throws Exception {
                    System.out.println("ready");
                    while (true) {
                        long end = System.nanoTime() + 1_000_000;
                        while (System.nanoTime() < end) sink += Math.sqrt(sink + 1);
                        Thread.sleep(9);
                    }
                }
            }
            """;

    public static void main(String[] args) throws Exception {
        int window = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path dir = Files.createTempDirectory("brink-bench-watch");
        Path src = dir.resolve("Target.java");
        Files.writeString(src, TARGET_SRC);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process target = new ProcessBuilder(java, "-Xmx64m", src.toString()).redirectErrorStream(true).start();
        try {
            new java.io.BufferedReader(new java.io.InputStreamReader(target.getInputStream())).readLine();
            Thread.sleep(5000); // past start-up JIT
            double[] base = new double[rounds];
            double[] watched = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                base[r] = cpuMsPerSecond(target, window);
                try (JvmObserver obs = JvmObserver.attach(JvmTarget.pid(target.pid()))) {
                    obs.start(RunDirectory.at(dir.resolve("run-" + r)), Duration.ofSeconds(1));
                    Thread.sleep(3000); // attach, agent start and first samples are one-off costs
                    watched[r] = cpuMsPerSecond(target, window);
                }
                System.out.printf(Locale.ROOT, "round %d: target CPU without watch %.2f ms/s, with 1 s watch %.2f ms/s%n",
                        r, base[r], watched[r]);
            }
            double b = 0;
            for (double v : base) b += v / rounds;
            double w = 0;
            for (double v : watched) w += v / rounds;
            System.out.printf(Locale.ROOT, "mean: without %.2f ms/s, with %.2f ms/s → overhead %.2f ms CPU per second"
                            + " = %.3f %% of one core (%.1f %% of the target's own CPU)%n",
                    b, w, w - b, (w - b) / 10.0, 100 * (w - b) / b);
        } finally {
            target.destroy();
            target.waitFor();
        }
    }

    private static double cpuMsPerSecond(Process p, int seconds) throws Exception {
        long c0 = cpuNs(p);
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long c1 = cpuNs(p);
        long t1 = System.nanoTime();
        return (c1 - c0) / 1e6 / ((t1 - t0) / 1e9);
    }

    private static long cpuNs(Process p) {
        return p.toHandle().info().totalCpuDuration().orElseThrow().toNanos();
    }
}
