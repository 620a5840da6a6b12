package dev.brink.jfr;

import dev.brink.core.LibraryFamily;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.LockSubjects;
import dev.brink.core.JvmTypeNames;
import dev.brink.core.Severity;
import dev.brink.core.detail.AllocationHotspotDetail;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.ExceptionsDetail;
import dev.brink.core.detail.HotMethodDetail;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.LockWait;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Findings from a {@link JfrReport}. Each rule is a share of what the JVM spent, so it holds for any load level
 * and recording length:
 * <ul>
 *   <li>hot-method: one application frame calling one library family takes ≥ {@value #HOT_SHARE} of the CPU
 *   samples, or of the samples of the thread pool that runs it when a lock kept that pool from running ({@link
 *   HotPaths}: which samples are the denominator, why ≥ {@value #MIN_SAMPLES} samples, and why it must also have used
 *   a twentieth of a core). The samples are JDK 25's CPU-time samples when the recording has them, else execution
 *   samples, taken from threads running Java code ({@link CpuSamples#chosen}), so this is the share of the
 *   application's CPU time; a tenth is where profilers' users start to look, a quarter is a warning.</li>
 *   <li>lock-contention: the waits to enter one monitor, or to acquire one java.util.concurrent lock (the parks in its
 *   acquire, never those waiting for work or a result: {@link LockParks}), at one site add up to ≥ {@value
 *   #WAIT_SHARE} of the window (on average a tenth of a thread is always blocked there), at least {@value #MIN_WAITS}
 *   waits; critical when they add up to the whole window (a thread always blocked there). Class-loader locks
 *   are named as class loading, the cause field report 002 found.</li>
 *   <li>allocation-hotspot: one application frame's allocations (everything allocated below it, through whatever JDK
 *   or library call) are ≥ {@value #ALLOC_SHARE} of the sampled bytes while the JVM allocates ≥ 50 MB/s: below that
 *   rate young collections are rare whatever the site, above it the site drives the GC. The application frame, not
 *   the allocating frame: Arrays.copyOf or Unsafe.allocateUninitializedArray allocate for everyone, the line to
 *   change is the application's ({@link AllocationSites}). Samples without a stack trace (a recording whose
 *   settings turned stack traces off: JMC's own recordings of itself) say how much, not where: they are no site,
 *   and the finding names the heaviest site a stack does name, if it has the share. The class it names is the one
 *   with the most bytes at that site ({@link Tally#secondByWeight}).</li>
 *   <li>exceptions: ≥ {@value #EXCEPTIONS_PER_SEC} throwables created a second. Each one walks the thread's stack to
 *   fill in its trace (a few microseconds at the depths of a service's stacks, tens of frames), so a thousand a
 *   second is about a percent of a core and says the code uses exceptions as control flow; warning at ≥ {@value
 *   #EXCEPTIONS_WARNING_PER_SEC} a second (JMC's warning limit too) or when the samples taken inside a throwable's
 *   construction are ≥ {@value #EXCEPTIONS_CPU_SHARE} of all. The finding names the type and where the application
 *   throws it, from throw events, else execution or allocation samples ({@link ExceptionTally}), never from the errors
 *   the JVM throws and catches while it links method handles ({@link ThrowableTypes}); when none names one, the
 *   rate alone.</li>
 *   <li>gc-pressure and the other GC findings come from brink-gc on the recorded collections.</li>
 * </ul>
 */
final class JfrFindings {
    static final double HOT_SHARE = 0.10;
    static final int MIN_SAMPLES = 10;
    static final double WAIT_SHARE = 0.10;
    static final int MIN_WAITS = 5;
    static final double ALLOC_SHARE = 0.30;
    static final double ALLOC_RATE = 50 * 1024 * 1024;
    static final int MAX_PER_KIND = 5;
    static final double EXCEPTIONS_PER_SEC = 1000;
    static final double EXCEPTIONS_WARNING_PER_SEC = 10_000;
    static final double EXCEPTIONS_CPU_SHARE = 0.05;

    private JfrFindings() {
    }

    static List<Finding> of(JfrReport r, double windowSec) {
        List<Finding> out = new ArrayList<>();
        hotMethods(r, out);
        contention(r, windowSec, out);
        allocation(r, out);
        exceptions(r, out);
        return out;
    }

    private static void hotMethods(JfrReport r, List<Finding> out) {
        int n = 0;
        for (JfrReport.HotPath p : r.hotPaths()) {
            if (!HotPaths.hot(p) || n >= MAX_PER_KIND) {
                continue;
            }
            n++;
            Map<String, Object> d = Detail.map(HotMethodDetail.fromRecording(round(p.share()), p.samples(), r.executionSamples(),
                    p.category(), p.topMethod(), p.appFrame(), p.threads(), round(p.threadsShare()), p.entry()));
            double share = Math.max(p.share(), HotPaths.ofItsThreads(p) ? p.threadsShare() : 0);
            out.add(new Finding(FindingKind.HOT_METHOD, share >= 0.25 ? Severity.WARNING : Severity.INFO,
                    HotPaths.share(p) + " in " + HotPaths.what(p), HotPaths.subject(p), List.of(r.file()), d));
        }
    }

    /**
     * Stacks with neither an application frame nor a library family: a framework's own plumbing (Netty, Reactor,
     * Spring) doing many different small things. Grouped together they look like one big cost that no one method
     * carries, so they are not a hot-method finding; the hot-methods table still shows their top frames.
     */
    static boolean unattributed(JfrReport.HotPath p) {
        return p.category() == LibraryFamily.NONE && StackView.NO_APP_FRAME.equals(p.appFrame());
    }

    private static void contention(JfrReport r, double windowSec, List<Finding> out) {
        int n = 0;
        double windowMs = windowSec * 1000;
        for (JfrReport.ContentionSite c : r.contention()) {
            if (c.count() < MIN_WAITS || c.totalMs() < WAIT_SHARE * windowMs || n >= MAX_PER_KIND) {
                continue;
            }
            n++;
            Map<String, Object> d = Detail.map(LockContentionDetail.fromRecording(c.monitorClass(), c.waitKind(), c.site(), c.appFrame(), c.count(),
                    Math.round(c.totalMs()), Math.round(c.maxMs()), round(c.totalMs() / windowMs), c.owner(),
                    c.classLoading() ? Long.valueOf(Math.round(r.classLoading().perSec())) : null));
            String title;
            if (c.classLoading()) {
                JfrReport.ClassLoading cl = r.classLoading();
                // a parallel-capable loader locks a plain Object per class name: name the site, not "java.lang.Object"
                String lock = c.monitorClass().equals("java.lang.Object") ? "a per-class-name loading lock at " + c.site()
                        : "the lock of class loader " + c.monitorClass();
                title = String.format(Locale.ROOT, "class loading: threads waited %.1f s (%d waits, up to %d ms) for %s%s; %d classes loaded per second",
                        c.totalMs() / 1000, c.count(), Math.round(c.maxMs()), lock, calledFrom(c), Math.round(cl.perSec()));
            } else {
                title = String.format(Locale.ROOT, "threads waited %.1f s (%d waits, up to %d ms) to %s %s at %s%s%s",
                        c.totalMs() / 1000, c.count(), Math.round(c.maxMs()), take(c), c.monitorClass(), c.site(), calledFrom(c),
                        c.owner() == null ? "" : "; most often held by " + c.owner());
            }
            Severity s = c.totalMs() >= windowMs ? Severity.CRITICAL : Severity.WARNING;
            out.add(new Finding(FindingKind.LOCK_CONTENTION, s, title, contentionSubject(c), List.of(r.file()), d));
        }
    }

    /**
     * What a contended lock's finding is about. A bare lock object (new Object(), a JDK class, a ReentrantLock) says
     * nothing: the code that takes it is the subject. Every finding on the same lock must say the same, since a run
     * keeps one finding per kind and subject (a step comparison and a step's own recording naming the same lock are one
     * problem, and so are System.out's monitor on JDK 17 and its InternalLock on JDK 21: {@link LockParks}); a plain
     * new Object() is named as the thread dumps name it ({@link LockSubjects}).
     */
    static String contentionSubject(JfrReport.ContentionSite c) {
        if (c.classLoading() || !c.monitorClass().startsWith("java.")) {
            return c.monitorClass();
        }
        return c.monitorClass().equals(LockSubjects.BARE_LOCK) ? LockSubjects.bareLockIn(c.site()) : c.site();
    }

    /** How the waiters take the lock: a monitor is entered, a java.util.concurrent lock acquired. */
    static String take(JfrReport.ContentionSite c) {
        return c.waitKind() == LockWait.PARK ? "acquire" : "enter";
    }

    private static String calledFrom(JfrReport.ContentionSite c) {
        return c.appFrame().equals(c.site()) || c.appFrame().startsWith("(") ? "" : " (called from " + c.appFrame() + ")";
    }

    private static void allocation(JfrReport r, List<Finding> out) {
        if (r.allocationByAppFrame().isEmpty() || r.allocationBytesPerSec() < ALLOC_RATE) {
            return;
        }
        JfrReport.AllocationSite top = null;
        for (JfrReport.AllocationSite s : r.allocationByAppFrame()) {
            if (s.application() || !StackView.NO_STACK.equals(s.frame())) {
                top = s; // the heaviest site a stack names (the list is by bytes)
                break;
            }
        }
        if (top == null || top.share() < ALLOC_SHARE) {
            return;
        }
        Map<String, Object> d = Detail.map(new AllocationHotspotDetail(top.frame(), top.application() ? top.frame() : null, top.via(),
                round(top.share()), typeName(top.topClass()), Math.round(r.allocationBytesPerSec() * top.share()), null));
        String where = top.application() ? top.frame() + (top.via() == null ? "" : " via " + top.via())
                : "code without an application frame, entered at " + top.frame();
        out.add(new Finding(FindingKind.ALLOCATION_HOTSPOT, Severity.INFO,
                String.format(Locale.ROOT, "%s of allocated bytes (%.0f MB/s, mostly %s) come from %s", pct(top.share()),
                        r.allocationBytesPerSec() * top.share() / (1024 * 1024), typeName(top.topClass()), where),
                top.frame(), List.of(r.file()), d));
    }

    private static void exceptions(JfrReport r, List<Finding> out) {
        JfrReport.Exceptions x = r.exceptions();
        if (x == null || x.perSec() < EXCEPTIONS_PER_SEC) {
            return;
        }
        String what;
        if (x.type() != null) {
            what = String.format(Locale.ROOT, "mostly %s (%s of those seen) from %s", x.type(), pct(x.share()), x.appFrame());
        } else {
            // the rate alone: no throw event, execution sample or allocation sample named an application's throwable
            // (the JVM's own linkage errors never do), and a type is not guessed
            what = "type and site not recorded (no exception events, and no execution or allocation sample caught one)";
        }
        ExceptionsDetail.Thrown thrown = x.type() != null ? new ExceptionsDetail.Thrown(x.type(), x.appFrame(), round(x.share()))
                : ExceptionsDetail.Thrown.UNNAMED;
        Map<String, Object> d = Detail.map(ExceptionsDetail.of(Math.round(x.perSec()), x.created(), thrown, round(x.cpuShare()),
                x.source(), "each throwable walks the thread's stack to fill in its trace:"
                        + " check the input instead of catching the exception (validate before parsing), or, where an exception is the"
                        + " protocol, throw one without a stack trace (override fillInStackTrace, or the four-argument constructor)"));
        Severity sev = x.perSec() >= EXCEPTIONS_WARNING_PER_SEC || x.cpuShare() >= EXCEPTIONS_CPU_SHARE ? Severity.WARNING
                : Severity.INFO;
        String subject = x.type() != null ? x.appFrame() : "exceptions";
        out.add(new Finding(FindingKind.EXCEPTIONS, sev, String.format(Locale.ROOT,
                "%,.0f exceptions created a second, %s", x.perSec(), what), subject, List.of(r.file()), d));
    }

    /** JFR names array classes the JVM's way ("[B"); null when the event had none. */
    private static String typeName(String jvmName) {
        return jvmName == null ? null : JvmTypeNames.ofDotted(jvmName);
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
