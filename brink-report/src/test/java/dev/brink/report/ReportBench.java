package dev.brink.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Times {@link RunReport#write} on a run directory (bench/report-24h.sh makes a 24-hour one with {@link LongRun}):
 * a few warm-up renders, then N timed ones in this JVM, and once more in a cold JVM by the script. Prints the
 * times and the size of report.html. Usage: {@code java dev.brink.report.ReportBench DIR [RUNS]}.
 */
final class ReportBench {
    private ReportBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        long[] ms = new long[runs];
        long[] cpu = new long[runs];
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < runs; i++) {
            long c = os.getProcessCpuTime();
            long t = System.nanoTime();
            RunReport.write(dir);
            ms[i] = (System.nanoTime() - t) / 1_000_000;
            cpu[i] = (os.getProcessCpuTime() - c) / 1_000_000; // all threads: readers, JIT compilers, GC
        }
        long size = Files.size(dir.resolve(RunReport.HTML));
        long[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "renders wall ms: %s, process CPU ms: %s%nfirst (cold JVM) %d ms, median %d ms, best %d ms%n"
                        + "report.html %d bytes (%.2f MB)%n",
                Arrays.toString(ms), Arrays.toString(cpu), ms[0], sorted[runs / 2], sorted[0], size, size / 1e6);
    }
}
