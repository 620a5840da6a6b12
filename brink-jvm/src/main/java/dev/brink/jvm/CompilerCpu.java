package dev.brink.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The CPU time the target's JIT compiler threads have used so far, read from Linux's {@code /proc/PID/task}: the part
 * of the process's CPU that compiles code rather than runs it. A new JVM compiles most in its first minutes, on its own
 * schedule (which methods cross the thresholds when, how busy the other core is), so two processes of the same code
 * differ most there: in 3 s steps of a service just started, the compiler's share moved the process's CPU per request
 * by over 20 % between two builds of the same code. The compare command takes it off ({@code cpu_per_request}).
 *
 * <p>HotSpot hides its compiler threads from ThreadMXBean (they are not Java threads to JMX), so only the kernel's
 * per-thread accounting sees them: the thread's name ({@code comm}: "C2 CompilerThre", "C1 CompilerThre", Graal's
 * "JVMCI CompilerT", truncated to 15 bytes) and its CPU time: {@code schedstat}'s first field, nanoseconds on the CPU,
 * where the kernel keeps scheduler statistics (CONFIG_SCHED_INFO, on in the common distributions), else {@code stat}'s
 * {@code utime + stime} in USER_HZ ticks (100 a second: the kernel's ABI), which round a thread's few milliseconds of
 * compiling down to nothing. Compiler threads come and go ({@code UseDynamicNumberOfCompilerThreads}, on by
 * default): a thread that has exited keeps the CPU it was last seen with, so the figure is cumulative and never falls
 * (it misses only what an exiting thread used after the last sample, at most a second of one thread's compiling).
 *
 * <p>Cost per sample: one directory listing of the process's threads, the name of each thread not seen before (once),
 * and one line of each compiler thread (a few): well under a millisecond for a thousand threads. Only for a target
 * on this machine (a pid); unknown (-1) for a remote JVM, off Linux, or when /proc is not readable (another user).
 * Not thread-safe: the sampler thread calls it.
 */
final class CompilerCpu {
    /** Kernel clock ticks a second as /proc's stat reports them (USER_HZ): fixed by the Linux ABI. */
    private static final long TICKS_PER_SEC = 100;
    private static final long NS_PER_TICK = 1_000_000_000L / TICKS_PER_SEC;

    private final Path tasks;
    /** Each live thread seen: whether it is a compiler thread (its name is read once). */
    private final Map<String, Boolean> compiler = new HashMap<>();
    /** Each live compiler thread's CPU nanoseconds when last read. */
    private final Map<String, Long> lastNs = new HashMap<>();
    /** CPU nanoseconds of compiler threads that have exited, as last seen. */
    private long exitedNs;
    private boolean broken;

    CompilerCpu(long pid) {
        this.tasks = pid > 0 ? Path.of("/proc", Long.toString(pid), "task") : null;
        this.broken = tasks == null || !Files.isDirectory(tasks);
    }

    /** Nanoseconds of CPU the compiler threads used so far; -1 when this machine cannot tell. */
    long ns() {
        if (broken) return -1;
        Set<String> live = new HashSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path t : ds) {
                String tid = t.getFileName().toString();
                live.add(tid);
                if (compiler.computeIfAbsent(tid, k -> isCompiler(t))) {
                    long ns = cpuNs(t);
                    if (ns >= 0) lastNs.put(tid, ns);
                }
            }
        } catch (IOException | SecurityException e) {
            broken = true; // the process is gone or not ours to read: say unknown from now on
            return -1;
        }
        compiler.keySet().retainAll(live);
        for (var it = lastNs.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!live.contains(e.getKey())) {
                exitedNs += e.getValue();
                it.remove();
            }
        }
        long sum = exitedNs;
        for (long v : lastNs.values()) sum += v;
        return sum;
    }

    private static boolean isCompiler(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
            return comm.contains(" CompilerT");
        } catch (IOException e) {
            return false; // exited between the listing and the read
        }
    }

    /** One thread's CPU nanoseconds: schedstat's, else stat's ticks; -1 when it has exited. */
    private static long cpuNs(Path task) {
        try {
            String sched = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII);
            return Long.parseLong(sched.substring(0, sched.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            long ticks = ticks(task);
            return ticks < 0 ? -1 : ticks * NS_PER_TICK;
        }
    }

    /** utime + stime of one thread, from its stat line; -1 when it has exited. */
    private static long ticks(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
            // the name (field 2) is in parentheses and may hold spaces: count fields after its closing one
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15: utime, stime
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
