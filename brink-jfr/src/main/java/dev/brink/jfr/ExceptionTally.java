package dev.brink.jfr;

import java.time.Instant;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;

/**
 * Exceptions over a window: how many throwables the JVM created (jdk.ExceptionStatistics, on in every JFR setting),
 * and which type the application's code throws where. The type and the site come from jdk.JavaExceptionThrow /
 * JavaErrorThrow when the recording has them (off in the JDK's "default" and "profile" settings: an event per throw
 * is too costly for an application that throws a lot), otherwise from the execution samples taken while a throwable
 * was being built — its constructor chain (NumberFormatException.&lt;init&gt; … Throwable.&lt;init&gt;) is on the stack,
 * the outermost constructor is the type, and the first application frame below it the site. Those samples' share of
 * all samples is the CPU the exceptions cost in Java code (the stack walk itself runs in the VM, unsampled, so it is
 * a floor).
 */
final class ExceptionTally {
    private static final String SEP = "\u0000";
    private final Tally byType = new Tally();
    private final Tally bySite = new Tally();
    /** "type\0appFrame" from throw events, and from samples inside a throwable's construction. */
    private final Tally thrownAt = new Tally();
    private final Tally sampledAt = new Tally();
    private long constructionSamples;
    private long first = -1;
    private long last = -1;
    private Instant firstAt;
    private Instant lastAt;

    void thrown(RecordedEvent e, StackView stack) {
        RecordedClass c = e.getClass("thrownClass");
        String cls = c == null ? "(unknown)" : c.getName();
        byType.add(cls, 1, null);
        stack.read(e.getStackTrace(), true);
        bySite.add(stack.top, 1, cls);
        thrownAt.add(cls + SEP + AllocationSites.key(stack), 1, null);
    }

    /** An execution sample already read into {@code stack}: counted when a throwable was being constructed. */
    void sample(StackView stack) {
        String type = null;
        String site = null;
        boolean inThrowable = false;
        boolean chainEnded = false;
        for (RecordedFrame f : stack.frames) {
            String n = stack.name(f);
            if (!chainEnded) {
                if (n.startsWith("java.lang.Throwable.")) {
                    inThrowable = true;
                    type = n.endsWith(".<init>") ? "java.lang.Throwable" : type;
                } else if (inThrowable && n.endsWith(".<init>")) {
                    type = n.substring(0, n.length() - ".<init>".length());
                } else if (inThrowable) {
                    chainEnded = true; // past the constructor chain: the outermost constructor was the thrown type's
                }
            }
            if (chainEnded && stack.application(n)) {
                site = n; // the first application frame below the chain threw it
                break;
            }
        }
        if (type != null) {
            constructionSamples++;
            sampledAt.add(type + SEP + (site != null ? site : "(" + stack.top + ")"), 1, null);
        }
    }

    void statistics(RecordedEvent e) {
        long n = e.getLong("throwables");
        if (first < 0) {
            first = n;
            firstAt = e.getStartTime();
        }
        last = n;
        lastAt = e.getStartTime();
    }

    Tally byType() {
        return byType;
    }

    Tally bySite() {
        return bySite;
    }

    /** Throwables created between the first and last statistics in the window; -1 when not recorded. */
    long created() {
        return first < 0 ? -1 : last - first;
    }

    /** The window's summary; {@code executionSamples} is the denominator of the CPU share. */
    JfrReport.Exceptions summary(long executionSamples) {
        double seconds = firstAt == null || !lastAt.isAfter(firstAt) ? 0 : (lastAt.toEpochMilli() - firstAt.toEpochMilli()) / 1000.0;
        double perSec = seconds > 0 ? (last - first) / seconds : 0;
        // throw events name every throwable only when jdk.JavaExceptionThrow is on; jdk.JavaErrorThrow alone (on in
        // every setting) sees Errors only, a few NoSuchMethodErrors of method-handle linking beside thousands of
        // exceptions: then the samples speak for the rest
        boolean eventsCover = thrownAt.totalCount() > 0 && (first < 0 || thrownAt.totalCount() >= 0.5 * (last - first)
                || sampledAt.totalCount() == 0);
        Tally from = eventsCover ? thrownAt : sampledAt;
        String source = eventsCover ? JfrReport.Exceptions.THROW_EVENTS
                : sampledAt.totalCount() > 0 ? JfrReport.Exceptions.EXECUTION_SAMPLES : JfrReport.Exceptions.STATISTICS;
        String type = null;
        String site = null;
        double share = 0;
        if (from.totalCount() > 0) {
            Ranked top = from.top(1).get(0);
            String[] k = top.key().split(SEP, 2);
            type = k[0];
            site = k[1];
            share = (double) top.count() / from.totalCount();
        }
        double cpu = executionSamples > 0 ? (double) constructionSamples / executionSamples : 0;
        return new JfrReport.Exceptions(created(), perSec, type, site, share, cpu, source);
    }
}
