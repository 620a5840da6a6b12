package dev.brink.jfr;

import dev.brink.core.LibraryFamily;
import dev.brink.core.ThreadPools;

/**
 * When a hot path (an application frame calling a library family) is a hot-method finding, and how its share is
 * said. Both the recording's findings ({@link JfrFindings}) and the step comparison ({@link JfrStepComparison})
 * use it, so a path is hot by the same rule in either.
 *
 * <p><b>Which samples are the denominator.</b> {@code jdk.ExecutionSample} only lands on threads running Java
 * code: a thread blocked on a monitor, parked or sleeping produces none. A share of <em>all</em> samples is
 * therefore a share of what the running threads did, and it moves when some threads stop running. That is what
 * a saturated lock does: the pool of workers that takes it (8 BookThreads behind one signing monitor) spends the
 * step blocked, so every cost those workers carry — the masking of each request's log line among them — shrinks
 * in the JVM-wide share, while the threads that never take the lock keep their pace (the event loops go on
 * accepting, parsing and rejecting the requests the blocked pool cannot serve). The masking costs the same per
 * request, and the workers still spend the same part of their running time in it; only the denominator grew. So
 * a path is also hot when it holds the share {@link JfrFindings#HOT_SHARE} of the samples of the thread pool that runs
 * it (the pool: thread names with their number as "*", as thread dumps group them), provided that pool holds
 * the share {@link JfrFindings#HOT_SHARE} of all samples: a tenth of a tenth of the process's CPU is still a cost worth
 * naming, a background thread's whole (tiny) CPU is not.
 *
 * <p><b>How many samples.</b> A share read from n samples has a standard error of √(p(1−p)/n): with
 * {@value JfrFindings#MIN_SAMPLES} samples of a path its count is known to about ±3, enough to say it is there.
 * Fewer, and one sample more or less decides the finding, so the path is not named.
 *
 * <p><b>How much CPU.</b> A share says where the samples went, not that they were many: a JVM that idles at 3 % of
 * two cores, 44 execution samples in a minute, has a "32 %" path of fourteen samples. A hot method is a CPU finding,
 * so the path must also have used {@value #MIN_CORES} of a core on average over the window ({@link JfrReport.HotPath#cores}):
 * fifty milliseconds of CPU a second, a twentieth of a core, below which no method is worth an engineer's time
 * whatever its share. The cores come from the samples themselves for jdk.CPUTimeSample (one sampling period of CPU
 * each), from jdk.CPULoad times the machine's hardware threads for jdk.ExecutionSample (which samples a thread in Java
 * at most once a period, running or not, so its count is no measure of CPU); a recording without them keeps the
 * share rule alone.
 *
 * <p><b>Whose cost.</b> A path that serves a remote JMX client's call ({@link StackView#JMX_REMOTE}) is the monitoring's:
 * Brink observes the target through JMX, and its thread dumps over the connector serialize every thread's stack in
 * the target's "RMI TCP Connection" threads, a tenth of a step's samples and more when the evidence is taken. It
 * stays in the recording's hot paths, named for what it is, and is never a hot-method finding about the service.
 */
final class HotPaths {
    /** The CPU, in cores on average over the window, a path must have used to be a finding (see the class comment). */
    static final double MIN_CORES = 0.05;

    private HotPaths() {
    }

    /** True when {@code p} is a hot-method finding (see the class comment). */
    static boolean hot(JfrReport.HotPath p) {
        if (p.samples() < JfrFindings.MIN_SAMPLES || JfrFindings.unattributed(p) || StackView.JMX_REMOTE.equals(p.appFrame())
                || p.cores() >= 0 && p.cores() < MIN_CORES) {
            return false;
        }
        return p.share() >= JfrFindings.HOT_SHARE || ofItsThreads(p);
    }

    /** Hot among its own thread pool's samples, not among all: the case of a pool that spent the window blocked. */
    static boolean ofItsThreads(JfrReport.HotPath p) {
        return p.share() < JfrFindings.HOT_SHARE && p.threadsShare() >= JfrFindings.HOT_SHARE
                && p.threadsOfAll() >= JfrFindings.HOT_SHARE;
    }

    /** "24 % of CPU samples", or "31 % of the CPU samples of BookThread-* (8 % of all)" when hot among its pool. */
    static String share(JfrReport.HotPath p) {
        return ofItsThreads(p)
                ? JfrFindings.pct(p.threadsShare()) + " of the CPU samples of " + p.threads() + " (" + JfrFindings.pct(p.share()) + " of all)"
                : JfrFindings.pct(p.share()) + " of CPU samples";
    }

    /**
     * "regex (Pattern$Curly.match) called from LogMasker.mask", the method alone for the application's own code, and
     * without an application frame the framework path: "ORM (Hibernate/JPA) (ArrayList$Itr.next) entered at
     * org.hibernate.sql.results…".
     */
    static String what(JfrReport.HotPath p) {
        boolean own = p.category() == LibraryFamily.NONE;
        String where = own ? p.topMethod() : p.category().words() + " (" + p.topMethod() + ")";
        if (StackView.NO_APP_FRAME.equals(p.appFrame()) || p.appFrame().startsWith("(")) {
            return where + (p.entry() == null ? "" : " entered at " + p.entry());
        }
        return where + (p.appFrame().equals(p.topMethod()) ? "" : " called from " + p.appFrame());
    }

    /** The finding's subject: the application frame, or the method when there is none. */
    static String subject(JfrReport.HotPath p) {
        return p.appFrame().startsWith("(") ? p.topMethod() : p.appFrame();
    }

    /** The thread pool of a thread ({@link ThreadPools#pattern}: "BookThread-3" → "BookThread-*"). */
    static String pool(String threadName) {
        return threadName == null ? "(unknown thread)" : ThreadPools.pattern(threadName);
    }
}
