import dev.brink.threads.ThreadAnalysis;
import dev.brink.threads.ThreadDumpAnalyzer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Timed run: parse and analyse a synthetic jstack dump of N threads (default 10 000), JDK 17 style, with
 * 20-frame stacks, 500 contended monitors (19 waiters each), ReentrantLock holders, and 10 two-thread
 * deadlocks. Prints the first (cold) run and the median of the warm runs. Run with bench/threads/run.sh.
 */
public class ThreadsBench {
    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("--write")) { // --write THREADS FILE: only write the dump (bench/cold-start.sh)
            Files.writeString(Path.of(args[2]), synthetic(Integer.parseInt(args[1])), StandardCharsets.UTF_8);
            return;
        }
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path file = Files.createTempFile("brink-bench-threads-", ".txt");
        Files.writeString(file, synthetic(threads), StandardCharsets.UTF_8);
        System.out.printf("synthetic dump: %d threads, %.1f MB%n", threads, Files.size(file) / 1e6);
        List<Long> times = new ArrayList<>();
        ThreadAnalysis last = null;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            last = ThreadDumpAnalyzer.analyze(List.of(file));
            times.add(System.nanoTime() - t0);
        }
        long cold = times.get(0);
        List<Long> warm = new ArrayList<>(times.subList(1, times.size()));
        warm.sort(null);
        System.out.printf("first run (cold JVM): %.0f ms%n", cold / 1e6);
        System.out.printf("warm runs: median %.0f ms, min %.0f ms, max %.0f ms (%d runs)%n",
                warm.get(warm.size() / 2) / 1e6, warm.get(0) / 1e6, warm.get(warm.size() - 1) / 1e6, warm.size());
        System.out.printf("findings: %d (%d deadlocks, %d contended locks), threads read: %d%n", last.findings().size(),
                last.deadlocks().size(), last.contentions().size(), last.dumps().get(0).threads().size());
        Files.delete(file);
    }

    static String synthetic(int n) {
        StringBuilder s = new StringBuilder(n * 1600);
        s.append("2026-11-23 11:00:00\nFull thread dump OpenJDK 64-Bit Server VM (17.0.15+6 mixed mode, sharing):\n\n");
        for (int i = 0; i < n; i++) {
            String name = "worker-" + (i / 20) + "-thread-" + (i % 20);
            boolean holder = i % 20 == 0;
            boolean deadlocked = i < 20 * 10 && i % 20 >= 18; // pairs 18/19 of the first 10 pools
            String lock = String.format("0x%016x", 0x600000000L + (i / 20) * 64);
            s.append('"').append(name).append("\" #").append(100 + i).append(" prio=5 os_prio=0 cpu=")
                    .append(i % 97).append(".25ms elapsed=12.5s tid=0x00007f00").append(Integer.toHexString(i))
                    .append(" nid=0x").append(Integer.toHexString(10_000 + i)).append(holder ? " waiting on condition" : " waiting for monitor entry")
                    .append("  [0x00007f0000000000]\n");
            if (deadlocked) {
                int pair = i % 2;
                String mine = String.format("0x%016x", 0x700000000L + i * 64L);
                String other = String.format("0x%016x", 0x700000000L + (pair == 0 ? i + 1 : i - 1) * 64L);
                s.append("   java.lang.Thread.State: BLOCKED (on object monitor)\n\tat com.example.Transfer.move(Transfer.java:42)\n")
                        .append("\t- waiting to lock <").append(other).append("> (a com.example.Account)\n")
                        .append("\t- locked <").append(mine).append("> (a com.example.Account)\n");
            } else if (holder) {
                s.append("   java.lang.Thread.State: TIMED_WAITING (sleeping)\n\tat java.lang.Thread.sleep(java.base@17.0.15/Native Method)\n")
                        .append("\tat org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:294)\n")
                        .append("\t- locked <").append(lock).append("> (a org.apache.logging.log4j.core.appender.FileManager)\n");
            } else {
                s.append("   java.lang.Thread.State: BLOCKED (on object monitor)\n")
                        .append("\tat org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:291)\n")
                        .append("\t- waiting to lock <").append(lock).append("> (a org.apache.logging.log4j.core.appender.FileManager)\n");
            }
            for (int f = 0; f < 17; f++) {
                s.append("\tat com.example.service.Layer").append(f).append(".call(Layer").append(f).append(".java:")
                        .append(10 + f).append(")\n");
            }
            s.append("\tat java.lang.Thread.run(java.base@17.0.15/Thread.java:840)\n\n   Locked ownable synchronizers:\n");
            if (i % 50 == 1) {
                s.append("\t- <").append(String.format("0x%016x", 0x800000000L + i * 64L)).append("> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n\n");
            } else {
                s.append("\t- None\n\n");
            }
        }
        s.append("JNI global refs: 12, weak refs: 0\n\n");
        return s.toString();
    }
}
