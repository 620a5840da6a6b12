import dev.brink.core.RunDirectory;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;

/**
 * Overhead of `brink watch` (1 s interval) on the target's CPU. Starts a target JVM that does a fixed
 * number of operations per 10 ms tick (a lightly loaded service: the case where an observer's own cost
 * is most visible) and starts {@code threads} extra threads, mostly idle, 4 busy (samples cost more with more
 * threads), then
 * measures the target's CPU time (ProcessHandle, user+system) over equal windows without and with a
 * JvmObserver sampling every second, alternating A/B to spread the noise of a shared machine. The work
 * is counted in operations, not wall time, so a busy machine does not change the target's own CPU.
 * Each watched window starts after a warm-up (the first ~200 samples JIT-compile the JMX server side).
 *
 * Run (from the repository root, after ./mvnw -B -DskipTests package):
 *   java -cp brink-cli/target/brink.jar bench/jvm/WatchOverhead.java [windowSeconds=20] [rounds=3] [threads=20]
 */
public class WatchOverhead {
    /**
     * The target: 100k square roots (~0.5 ms) every 10 ms on its main thread, plus args[0] threads in the states a
     * big service's threads are in: 4 busy (10k square roots every 10 ms each), and the rest split between sleeping
     * (TIMED_WAITING), parked (WAITING, as idle pool workers are) and BLOCKED on one monitor whose owner sleeps.
     */
    public static final String TARGET_SRC = """
            import java.util.concurrent.locks.LockSupport;
            public class Target {
                static volatile double sink;
                static final Object LOCK = new Object();
                public static void main(String[] a) throws Exception {
                    int n = Integer.parseInt(a[0]);
                    start(() -> { synchronized (LOCK) { sleep(); } });
                    for (int i = 1; i < n; i++) {
                        int kind = i % 3;
                        if (i <= 4) start(() -> { while (true) { work(10_000); nap(); } });
                        else if (kind == 0) start(Target::sleep);
                        else if (kind == 1) start(() -> { while (true) LockSupport.park(); });
                        else start(() -> { synchronized (LOCK) { sleep(); } });
                    }
                    System.out.println("ready");
                    while (true) {
                        work(100_000);
                        nap();
                    }
                }
                static void work(int n) {
                    double s = sink;
                    for (int i = 0; i < n; i++) s += Math.sqrt(s + i);
                    sink = s;
                }
                static void nap() {
                    try { Thread.sleep(10); } catch (InterruptedException e) { }
                }
                static void sleep() {
                    try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { }
                }
                static void start(Runnable r) {
                    Thread t = new Thread(r);
                    t.setDaemon(true);
                    t.start();
                }
            }
            """;

    public static void main(String[] args) throws Exception {
        int window = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String threads = args.length > 2 ? args[2] : "20";
        Path dir = Files.createTempDirectory("brink-bench-watch");
        Path src = dir.resolve("Target.java");
        Files.writeString(src, TARGET_SRC);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process target = new ProcessBuilder(java, "-Xmx64m",
                // compiler threads that come and go would take their CPU ticks with them from /proc
                "-XX:-UseDynamicNumberOfCompilerThreads", src.toString(), threads).redirectErrorStream(true).start();
        try {
            new java.io.BufferedReader(new java.io.InputStreamReader(target.getInputStream())).readLine();
            Thread.sleep(5000); // past start-up JIT
            double[] base = new double[rounds];
            double[] watched = new double[rounds];
            double[] baseJit = new double[rounds];
            double[] watchedJit = new double[rounds];
            double[] serving = new double[rounds];
            double[] baseServing = new double[rounds];
            try (JvmObserver warm = JvmObserver.attach(JvmTarget.pid(target.pid()))) {
                for (int i = 0; i < 200; i++) warm.sampleNow();
            }
            for (int r = 0; r < rounds; r++) {
                long j0 = jitTicks(target.pid());
                var s0 = servingTicks(target.pid());
                base[r] = cpuMsPerSecond(target, window);
                baseJit[r] = (jitTicks(target.pid()) - j0) * 10.0 / window;
                baseServing[r] = grown(s0, servingTicks(target.pid())) * 10.0 / window;
                try (JvmObserver obs = JvmObserver.attach(JvmTarget.pid(target.pid()))) {
                    obs.start(RunDirectory.at(dir.resolve("run-" + r)), Duration.ofSeconds(1));
                    Thread.sleep(2000); // the attach itself is a one-off cost
                    long j1 = jitTicks(target.pid());
                    var s1 = servingTicks(target.pid());
                    watched[r] = cpuMsPerSecond(target, window);
                    watchedJit[r] = (jitTicks(target.pid()) - j1) * 10.0 / window;
                    serving[r] = grown(s1, servingTicks(target.pid())) * 10.0 / window;
                }
                System.out.printf(Locale.ROOT, "round %d: target CPU without watch %.2f ms/s (JIT %.1f), with 1 s watch %.2f ms/s (JIT %.1f,"
                                + " its RMI/JMX/GC/VM threads %.1f, without watch %.1f)%n", r, base[r], baseJit[r], watched[r], watchedJit[r], serving[r],
                        baseServing[r]);
            }
            double b = 0;
            for (double v : base) b += v / rounds;
            double w = 0;
            for (double v : watched) w += v / rounds;
            double bj = 0;
            for (double v : baseJit) bj += v / rounds;
            double wj = 0;
            for (double v : watchedJit) wj += v / rounds;
            double sv = 0;
            for (double v : serving) sv += v / rounds;
            for (double v : baseServing) sv -= v / rounds;
            System.out.printf(Locale.ROOT, "%s parked threads; without JIT threads: without %.2f ms/s, with %.2f ms/s → sampling itself"
                    + " costs %.2f ms CPU per second = %.3f %% of one core%n", threads, b - bj, w - wj, (w - wj) - (b - bj),
                    ((w - wj) - (b - bj)) / 10.0);
            System.out.printf(Locale.ROOT, "%s parked threads; mean: without %.2f ms/s, with %.2f ms/s → overhead %.2f ms CPU per second"
                            + " = %.3f %% of one core (%.1f %% of the target's own CPU)%n",
                    threads, b, w, w - b, (w - b) / 10.0, 100 * (w - b) / b);
            // one line for bench/observer-cost.sh's table: threads, target CPU without, sampling itself, total, serving threads (ms/s)
            System.out.printf(Locale.ROOT, "%s threads; the target's RMI/JMX/GC/VM threads, with minus without: %.2f ms CPU per second = %.3f %% of one core%n",
                    threads, sv, sv / 10.0);
            System.out.printf(Locale.ROOT, "RESULT %s %.2f %.2f %.2f %.2f%n", threads, b, (w - wj) - (b - bj), w - b, sv);
        } finally {
            target.destroy();
            target.waitFor();
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
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

    /**
     * CPU clock ticks (10 ms on Linux) of the target's JIT compiler threads, from /proc: attaching makes
     * the target compile its JMX/RMI server code, a one-off cost that takes minutes on a busy 2-core
     * machine and would otherwise hide the steady cost of sampling. 0 where /proc is absent.
     */
    private static long jitTicks(long pid) {
        return ticks(pid, name -> name.contains("CompilerThre"));
    }

    /**
     * CPU clock ticks of the target's threads that serve the observer or clean up after it: the RMI connection
     * threads that answer the getAttributes / getThreadInfo calls, the JMX server's own threads, the notification
     * thread that sends GC notifications, the GC threads that collect the CompositeData built for the answers and the
     * VM thread that runs their safepoints. The workload neither allocates nor talks JMX, so these threads are
     * almost idle without the observer, and their with-minus-without difference is not disturbed by what the
     * workload itself costs on a busy machine, unlike the whole process's. (/proc keeps 15 characters of a name.)
     */
    private static java.util.Map<String, Long> servingTicks(long pid) {
        return ticksByThread(pid, name -> name.startsWith("RMI ") || name.startsWith("JMX ") || name.startsWith("Notification")
                || name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread"));
    }

    private static long ticks(long pid, java.util.function.Predicate<String> threadName) {
        return ticksByThread(pid, threadName).values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Ticks the threads alive at the end used since {@code before}: per thread, so that a thread that ended in
     * between (the RMI connection threads of the previous observer) does not take its earlier ticks out of the sum.
     */
    private static long grown(java.util.Map<String, Long> before, java.util.Map<String, Long> after) {
        long sum = 0;
        for (var e : after.entrySet()) sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        return sum;
    }

    private static java.util.Map<String, Long> ticksByThread(long pid, java.util.function.Predicate<String> threadName) {
        java.util.Map<String, Long> byThread = new java.util.HashMap<>();
        try (var tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (java.io.IOException ended) {
                    continue; // a thread that ended between the listing and the read
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (!threadName.test(name)) continue;
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                byThread.put(task.getFileName().toString(), Long.parseLong(f[11]) + Long.parseLong(f[12])); // utime + stime
            }
        } catch (Exception e) {
            return java.util.Map.of();
        }
        return byThread;
    }

    private static long cpuNs(Process p) {
        return p.toHandle().info().totalCpuDuration().orElseThrow().toNanos();
    }
}
