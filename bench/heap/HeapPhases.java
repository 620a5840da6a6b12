import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time of the analysing thread per phase of `brink heap` (the labels its progress bar shows). Thread CPU time,
 * unlike wall time, barely moves when other processes share the cores, so two builds can be compared on a busy
 * machine. GC threads are not counted: compare the -Xlog:gc totals for those.
 * Usage: java -cp brink-cli/target/brink.jar bench/heap/HeapPhases.java DUMP [ROUNDS]
 */
public class HeapPhases {
    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        for (int r = 1; r <= rounds; r++) {
            Map<String, Long> cpu = new LinkedHashMap<>();
            String[] phase = {"start"};
            long[] at = {mx.getCurrentThreadCpuTime()};
            HeapOptions o = HeapOptions.defaults().withProgress((p, done, total) -> {
                String name = p.replaceAll("\\s*\\(.*", "") + (p.contains("(") ? p.substring(p.indexOf('(')) : "");
                if (!name.equals(phase[0])) {
                    long now = mx.getCurrentThreadCpuTime();
                    cpu.merge(phase[0], now - at[0], Long::sum);
                    phase[0] = name;
                    at[0] = now;
                }
            });
            HeapAnalyzer.analyze(Path.of(args[0]), o);
            cpu.merge(phase[0], mx.getCurrentThreadCpuTime() - at[0], Long::sum);
            long total = cpu.values().stream().mapToLong(Long::longValue).sum();
            StringBuilder b = new StringBuilder("round " + r + ": total " + total / 1_000_000 + " ms CPU;");
            cpu.forEach((k, v) -> b.append(' ').append(k).append(' ').append(v / 1_000_000).append(" ms;"));
            System.out.println(b + " load " + String.join(" ", java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ", 4)).substring(0, 14));
        }
    }
}
