package dev.brink.jfr;

import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;

/**
 * Allocated bytes by class, by the allocating (top) frame, and by the application frame that caused them. The top
 * frame is where the JDK's own view ({@code jfr view allocation-by-site}) puts the bytes: for a String built in a
 * StringBuilder that is Arrays.copyOf or Unsafe.allocateUninitializedArray, never the line to change. So each
 * allocation is also charged to its first application frame, with the JDK or library call it went through ("via
 * java.lang.StringBuilder.toString"); a stack with no application frame is charged to where it entered the family
 * of its cost (Hibernate's result-set handling), or to its top frame. Weights are JFR's: the sampled events'
 * weight (bytes allocated since the thread's previous sample), or, when a recording has none (JDK 8 to 15 never
 * wrote them), the TLAB events': a jdk.ObjectAllocationInNewTLAB is written when a thread takes a new TLAB, and weighs
 * that TLAB's size — the bytes the thread goes on to allocate in it, so each TLAB's bytes are charged to the object
 * that opened it, a sample in proportion to the bytes, as the later samples are (JMC weighs them so too); an
 * object too big for a TLAB (jdk.ObjectAllocationOutsideTLAB) weighs its own size. Weighed by the opening object's
 * size alone, a 16-byte Integer stood for a megabyte of Integers and a JVM allocating 230 MB/s read as 0.0 MB/s.
 * Memory grows with distinct sites, never with events.
 */
final class AllocationSites {
    private final Tally byClass = new Tally();
    /** Second key: the class with the most bytes at the site. */
    private final Tally bySite = Tally.secondByWeight();
    /** By first application frame (or framework entry); second key: the allocated class with the most bytes. */
    private final Tally byApp = Tally.secondByWeight();
    /** The same keys; second key: the call the application frame made. */
    private final Tally byAppVia = new Tally();

    void add(RecordedEvent e, String weightField, StackView stack) {
        long bytes = e.getLong(weightField);
        RecordedClass c = e.getClass("objectClass");
        String cls = c == null ? "(unknown)" : c.getName();
        byClass.add(cls, bytes, null);
        stack.read(e.getStackTrace(), false);
        bySite.add(stack.top, bytes, cls);
        String key = key(stack);
        byApp.add(key, bytes, cls);
        byAppVia.add(key, 0, stack.via);
    }

    /** The application frame, else the framework's entry, else the top frame, marked as not the application's. */
    static String key(StackView stack) {
        if (!StackView.NO_APP_FRAME.equals(stack.appFrame)) {
            return stack.appFrame;
        }
        return "(" + (stack.entry != null ? stack.entry : stack.top) + ")";
    }

    boolean empty() {
        return byClass.totalCount() == 0;
    }

    Tally byClass() {
        return byClass;
    }

    Tally bySite() {
        return bySite;
    }

    /** The {@code limit} application sites with the most bytes. */
    List<JfrReport.AllocationSite> appSites(int limit) {
        List<JfrReport.AllocationSite> out = new ArrayList<>();
        for (Ranked r : byApp.top(limit)) {
            boolean app = !r.key().startsWith("(");
            String frame = app ? r.key() : r.key().substring(1, r.key().length() - 1);
            out.add(new JfrReport.AllocationSite(frame, app, byAppVia.topSecond(r.key()), r.top(), r.weight(), r.share()));
        }
        return out;
    }
}
