package dev.brink.jfr;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.gc.CauseRules;
import java.util.HashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;

/**
 * The sizes of G1's humongous objects, from a recording. A collection's events count humongous allocations ("G1
 * Humongous Allocation") but never size an object, so brink-gc's humongous finding on them can only say how to learn
 * the size. The allocations themselves can: an object of more than half a G1 region (G1CollectedHeap::is_humongous:
 * over GrainWords / 2) never fits a TLAB (G1 caps a TLAB at that half: G1CollectedHeap::max_tlab_size), so each is a
 * jdk.ObjectAllocationOutsideTLAB with its allocationSize and the allocating stack. Those events are off in
 * default.jfc and profile.jfc (JDK 17 and 25): on with
 * {@code -XX:StartFlightRecording:jdk.ObjectAllocationOutsideTLAB#enabled=true}, or profile's gc=high.
 * jdk.ObjectAllocationSample does not serve: its weight is the bytes allocated since the thread's last sample, not the
 * object's size. The region is the G1HeapRegionSize flag (jdk.UnsignedLongFlag, written at each chunk's start with
 * the value G1 chose), the JDK the one jdk.JVMInformation names; with both, the finding gets the advice a log sized by
 * gc+humongous debug lines gets ({@link CauseRules#sized}), and the application frame that allocated the most
 * humongous bytes (never a JDK or library frame: the code to change). Without sized events, or without the region size
 * (which object is humongous then?), it says how to record the sizes. Memory: per allocating site, bytes by
 * power-of-two size class over 512 KB (half the smallest region).
 */
final class JfrHumongous {
    /** Half of G1's smallest region (1 MB): no smaller object is humongous whatever the region. */
    private static final int SMALLEST_CLASS = 19;
    /** Size classes (2^k, 2^(k+1)] for k from 19 up. */
    private static final int CLASSES = 64 - SMALLEST_CLASS;

    /** Per application frame ("" without one): humongous-candidate bytes by size class, and its largest object. */
    private static final class Site {
        final long[] bytes = new long[CLASSES];
        long largest;
    }

    private final Map<String, Site> sites = new HashMap<>();
    private long region = -1;
    private int jdk = -1;

    /** jdk.ObjectAllocationOutsideTLAB, after {@code stack} has read its stack (AllocationSites does). */
    void allocation(RecordedEvent e, StackView stack) {
        long size = e.getLong("allocationSize");
        if (size <= 1L << SMALLEST_CLASS) {
            return;
        }
        String app = stack.appFrame == null || stack.appFrame.startsWith("(") ? "" : stack.appFrame;
        Site s = sites.computeIfAbsent(app, k -> new Site());
        s.bytes[sizeClass(size)] += size;
        s.largest = Math.max(s.largest, size);
    }

    /** jdk.UnsignedLongFlag: G1HeapRegionSize, as G1 set it (0 before G1 chose, or on another collector). */
    void flag(RecordedEvent e) {
        if ("G1HeapRegionSize".equals(e.getString("name")) && e.getLong("value") > 0) {
            region = e.getLong("value");
        }
    }

    /** jdk.JVMInformation's jvmVersion: "OpenJDK 64-Bit Server VM (17.0.15+6-…) for linux-amd64 …". */
    void jvmVersion(String v) {
        int open = v == null ? -1 : v.indexOf('(');
        int end = open;
        while (end >= 0 && end + 1 < v.length() && Character.isDigit(v.charAt(end + 1))) {
            end++;
        }
        if (end > open) {
            jdk = Integer.parseInt(v.substring(open + 1, end + 1));
        }
    }

    /** Size class k of (2^(k+19), 2^(k+20)]. */
    private static int sizeClass(long size) {
        return 63 - Long.numberOfLeadingZeros(size - 1) - SMALLEST_CLASS;
    }

    /** brink-gc's humongous finding sized by the recorded objects (or saying how to size them); any other as it was. */
    Finding sized(Finding f) {
        if (f.kind() != FindingKind.GC_PRESSURE || Detail.of(f, GcPressureDetail.class).cause() != GcCauseKind.HUMONGOUS) {
            return f;
        }
        if (region <= 0) {
            return CauseRules.sized(f, -1, -1, null, jdk);
        }
        // region is a power of two: an object over half of it is in size class log2(region / 2) - 19 or above
        int first = 63 - Long.numberOfLeadingZeros(region / 2) - SMALLEST_CLASS;
        long largest = 0;
        String site = null;
        long siteBytes = 0;
        for (Map.Entry<String, Site> s : sites.entrySet()) {
            long bytes = 0;
            for (int k = Math.max(first, 0); k < CLASSES; k++) {
                bytes += s.getValue().bytes[k];
            }
            if (bytes == 0) {
                continue;
            }
            largest = Math.max(largest, s.getValue().largest);
            if (!s.getKey().isEmpty() && bytes > siteBytes) {
                site = s.getKey();
                siteBytes = bytes;
            }
        }
        return CauseRules.sized(f, region, largest > 0 ? largest : -1, site, jdk);
    }
}
