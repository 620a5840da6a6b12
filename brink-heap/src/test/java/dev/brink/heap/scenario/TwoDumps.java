package dev.brink.heap.scenario;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child side of the scenario programs: each builds its service, serves a first round of work, writes
 * {@code before.hprof} into the directory of its first argument, serves a second round, writes {@code after.hprof}
 * and exits. Both dumps are of live objects (the dump runs a full GC first), as {@code jcmd GC.heap_dump} writes
 * them. An optional second argument "before" or "after" writes only that dump, after that many rounds: two
 * processes of one program (a relaunch) then give the two dumps.
 */
public final class TwoDumps {
    private TwoDumps() {
    }

    public interface Round {
        void serve(int round) throws Exception;
    }

    public static void run(String[] args, Round rounds) throws Exception {
        Path dir = Path.of(args[0]);
        String only = args.length > 1 ? args[1] : "";
        rounds.serve(1);
        if (!only.equals("after")) {
            dump(dir.resolve("before.hprof"));
        }
        if (only.equals("before")) {
            return;
        }
        rounds.serve(2);
        dump(dir.resolve("after.hprof"));
    }

    static void dump(Path file) throws IOException {
        Files.deleteIfExists(file);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file.toString(), true);
    }

    /** Names a factory's threads "{prefix}{n}" from 1, as pools do. */
    static java.util.concurrent.ThreadFactory named(String prefix) {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
