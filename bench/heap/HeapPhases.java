import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time per phase of `brink heap` (the labels its progress bar shows), of the whole process (the analysing thread,
 * the reading threads of the later passes, GC and JIT), and the analysing thread's own total. CPU time, unlike wall
 * time, barely moves when other processes share the cores, so two builds can be compared on a busy machine. The
 * reads after the first run on up to four threads (-Dbrink.heap.readers=N; 1 reads on the analysing thread alone):
 * on an idle machine their wall time is about their CPU time divided by the readers.
 * Usage: java -cp brink-cli/target/brink.jar bench/heap/HeapPhases.java DUMP [ROUNDS]
 */
public class HeapPhases {
    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        for (int r = 1; r <= rounds; r++) {
            Map<String, Long> cpu = new LinkedHashMap<>();
            String[] phase = {"start"};
            long[] at = {os.getProcessCpuTime()};
            long mainBefore = mx.getCurrentThreadCpuTime();
            HeapOptions o = HeapOptions.defaults().withProgress((p, done, total) -> {
                String name = p.replaceAll("\\s*\\(.*", "") + (p.contains("(") ? p.substring(p.indexOf('(')) : "");
                if (!name.equals(phase[0])) {
                    long now = os.getProcessCpuTime();
                    cpu.merge(phase[0], now - at[0], Long::sum);
                    phase[0] = name;
                    at[0] = now;
                }
            });
            HeapAnalyzer.analyze(Path.of(args[0]), o);
            cpu.merge(phase[0], os.getProcessCpuTime() - at[0], Long::sum);
            long total = cpu.values().stream().mapToLong(Long::longValue).sum();
            StringBuilder b = new StringBuilder("round " + r + ": process " + total / 1_000_000 + " ms CPU (analysing thread "
                    + (mx.getCurrentThreadCpuTime() - mainBefore) / 1_000_000 + " ms);");
            cpu.forEach((k, v) -> b.append(' ').append(k).append(' ').append(v / 1_000_000).append(" ms;"));
            System.out.println(b + " load " + String.join(" ", java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ", 4)).substring(0, 14));
        }
    }
}
