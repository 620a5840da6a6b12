package dev.brink.cli;

import dev.brink.core.Finding;
import dev.brink.core.detail.LockWait;
import dev.brink.jfr.JfrReport;
import dev.brink.jfr.Ranked;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The text form of {@code brink jfr}: findings, then each table's first rows. */
final class JfrText {
    static final int ROWS = 10;

    private JfrText() {
    }

    static void print(JfrReport r, PrintWriter out) {
        if (r.findings().isEmpty()) {
            out.println("No JFR finding.");
        } else {
            out.println("Findings:");
            for (Finding f : r.findings()) {
                out.printf(Locale.ROOT, "  [%s] %s: %s%n", f.severity().jsonName(), f.kind().jsonName(), f.title());
            }
        }
        out.println();
        // a recording with no event (a crash's hs_err recording cut at its start) has no first event to date it by
        out.printf(Locale.ROOT, "Recording: %s (%s; %d chunk(s), %d events in %.1f s%s)%n", r.file(),
                r.jvm().isEmpty() ? "JVM not recorded" : r.jvm(), r.chunks(), r.events(), r.durationSec(),
                r.start() == null ? "" : " from " + r.start());
        out.println("Application packages: " + (r.appPackages().isEmpty() ? "not known (the JDK and common libraries are"
                + " not the application; --app-package names them)" : String.join(", ", r.appPackages()) + " (" + r.appPackagesSource() + ")"));
        out.printf(Locale.ROOT, "CPU: JVM %.0f %% avg, %.0f %% max; machine %.0f %% avg, %.0f %% max (%d samples)%n",
                r.cpu().jvmAvg() * 100, r.cpu().jvmMax() * 100, r.cpu().machineAvg() * 100, r.cpu().machineMax() * 100, r.cpu().samples());
        out.printf(Locale.ROOT, "%nHot methods (top frame, %d %s%s):%n", r.executionSamples(), r.cpuSampleSource().words(),
                r.cpuSamplesLost() > 0 ? ", " + r.cpuSamplesLost() + " more lost by the JVM's sampler" : "");
        table(out, r.hotMethodsSelf(), "%5.1f %%  %s%s", row -> new Object[] {row.share() * 100, row.key(), app(row.top())});
        out.println("Hot paths (application frame and the library family it calls):");
        for (JfrReport.HotPath p : r.hotPaths().subList(0, Math.min(ROWS, r.hotPaths().size()))) {
            out.printf(Locale.ROOT, "  %5.1f %%  %s -> %s (%s)%s%n", p.share() * 100, p.appFrame(), p.category().words(), p.topMethod(),
                    p.entry() == null ? "" : ", entered at " + p.entry());
        }
        out.println("CPU by library family: " + shares(r.categoryShares()));
        out.println("On the stack (total share):");
        table(out, r.hotMethodsTotal(), "%5.1f %%  %s%s", row -> new Object[] {row.share() * 100, row.key(), ""});
        if (r.nativeSamples() > 0) {
            out.printf(Locale.ROOT, "Native methods (%d samples, threads in native code, often waiting):%n", r.nativeSamples());
            table(out, r.nativeMethods(), "%5.1f %%  %s%s", row -> new Object[] {row.share() * 100, row.key(), ""});
        }
        // no allocation event at all (JDK 11's default settings record none) is no rate, not a rate of 0
        out.printf(Locale.ROOT, "%nAllocation (%s) by application frame (the call it made):%n", r.allocationByClass().isEmpty()
                ? "no allocation events recorded" : String.format(Locale.ROOT, "%.1f MB/s", r.allocationBytesPerSec() / (1024 * 1024)));
        if (r.allocationByAppFrame().isEmpty()) {
            out.println("  (none recorded)");
        }
        for (JfrReport.AllocationSite a : r.allocationByAppFrame().subList(0, Math.min(ROWS, r.allocationByAppFrame().size()))) {
            out.printf(Locale.ROOT, "  %5.1f %%  %s%s%s (%s)%n", a.share() * 100, a.application() ? "" : "[no application frame] ",
                    a.frame(), a.via() == null ? "" : " via " + a.via(), a.topClass());
        }
        out.println("Allocation by allocating frame:");
        table(out, r.allocationBySite(), "%5.1f %%  %s (%s)", row -> new Object[] {row.share() * 100, row.key(), row.top()});
        out.println("Allocation by class:");
        table(out, r.allocationByClass(), "%5.1f %%  %s%s", row -> new Object[] {row.share() * 100, row.key(), ""});
        // monitors and java.util.concurrent locks in one table: a park records no owner, so its rows name none
        out.println("\nLock contention (lock class, site, waits, total, max, previous owner of a monitor):");
        for (JfrReport.ContentionSite c : r.contention().subList(0, Math.min(ROWS, r.contention().size()))) {
            out.printf(Locale.ROOT, "  %s at %s: %d waits, %.0f ms, max %.0f ms%s%s%s%n", c.monitorClass(), c.site(),
                    c.count(), c.totalMs(), c.maxMs(), c.waitKind() == LockWait.PARK ? " [parked to acquire]" : "",
                    c.owner() == null ? "" : ", owner " + c.owner(), c.classLoading() ? " [class-loader lock]" : "");
        }
        out.println("Parked (site, count, total ms, parked on):");
        table(out, r.parksBySite(), "%s: %d, %.0f ms%s", row -> new Object[] {row.key(), row.count(), row.weight(),
            row.top() == null ? "" : ", " + row.top()});
        out.println("Sleeping (site, count, total ms):");
        table(out, r.sleepsBySite(), "%s: %d, %.0f ms%s", row -> new Object[] {row.key(), row.count(), row.weight(), ""});
        JfrReport.ClassLoading cl = r.classLoading();
        out.printf(Locale.ROOT, "%nClass loading: %d -> %d loaded classes, %.0f per second; %d class-loader lock waits, %.0f ms%n",
                cl.loadedAtStart(), cl.loadedAtEnd(), cl.perSec(), cl.loaderLockWaits(), cl.loaderLockWaitMs());
        JfrReport.Exceptions x = r.exceptions();
        out.printf(Locale.ROOT, "Exceptions: %s throwables created (%.0f a second)%s; recorded throws by type:%n",
                r.throwablesCreated() < 0 ? "?" : String.valueOf(r.throwablesCreated()), x.perSec(),
                x.type() == null ? "" : String.format(Locale.ROOT, ", mostly %s from %s (by %s)", x.type(), x.appFrame(), x.source().json()));
        table(out, r.exceptionsByType(), "%d  %s%s", row -> new Object[] {row.count(), row.key(), ""});
        out.println("By site:");
        table(out, r.exceptionsBySite(), "%d  %s (%s)", row -> new Object[] {row.count(), row.key(), row.top()});
        JfrReport.GcSummary g = r.gc();
        out.printf(Locale.ROOT, "%nGC: %s%d collections, pauses %.1f ms total (%.1f %% of the window), max %.1f ms%n",
                g.collector().isEmpty() ? "" : g.collector() + ", ", g.collections(), g.pauseTotalMs(), g.pauseShare() * 100, g.pauseMaxMs());
        out.println("Heap after GC: " + g.heapAfterGc());
        out.println("\nSocket reads by address (count, total ms):");
        table(out, r.socketReads(), "%s: %d, %.0f ms%s", row -> new Object[] {row.key(), row.count(), row.weight(), ""});
        out.println("Socket writes by address:");
        table(out, r.socketWrites(), "%s: %d, %.0f ms%s", row -> new Object[] {row.key(), row.count(), row.weight(), ""});
    }

    private static void table(PrintWriter out, List<Ranked> rows, String format, java.util.function.Function<Ranked, Object[]> cols) {
        if (rows.isEmpty()) {
            out.println("  (none recorded)");
        }
        for (Ranked row : rows.subList(0, Math.min(ROWS, rows.size()))) {
            out.printf(Locale.ROOT, "  " + format + "%n", cols.apply(row));
        }
    }

    private static String app(String appFrame) {
        return appFrame == null || appFrame.equals("(no application frame)") ? "" : "  <- " + appFrame;
    }

    private static String shares(Map<?, Double> m) {
        StringBuilder b = new StringBuilder();
        m.entrySet().stream().sorted((a, c) -> Double.compare(c.getValue(), a.getValue())).forEach(e ->
                b.append(b.length() == 0 ? "" : ", ").append(e.getKey().toString().toLowerCase(Locale.ROOT).replace('_', ' '))
                        .append(String.format(Locale.ROOT, " %.1f %%", e.getValue() * 100)));
        return b.toString();
    }
}
