package dev.brink.jvm;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import dev.brink.core.JsonlWriter;
import dev.brink.core.evidence.GcEventLine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.management.InstanceNotFoundException;
import javax.management.ListenerNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Turns the target's GC notifications into {@code gc.jsonl} lines. Notifications arrive on the JMX
 * client's notification thread (one at a time per connection); the writer is thread-safe. Only heap
 * pools appear in before/after, so sums are heap sizes. A notification the JMX client lost (its buffer
 * overflowed) is simply missing; the cumulative counts in jvm.jsonl still account for it.
 */
final class GcRecorder implements NotificationListener {
    private final MBeanServerConnection mbeans;
    private final JsonlWriter out;
    private final long jvmStartMs;
    private final Set<String> heapPools;
    private final Consumer<GcEventLine> listener;
    private final List<ObjectName> registered = new ArrayList<>();

    GcRecorder(MBeanServerConnection mbeans, JsonlWriter out, long jvmStartMs, List<String> heapPools,
               Consumer<GcEventLine> listener) {
        this.mbeans = mbeans;
        this.out = out;
        this.jvmStartMs = jvmStartMs;
        this.heapPools = Set.copyOf(heapPools);
        this.listener = listener;
    }

    void start() throws IOException {
        for (ObjectName gc : mbeans.queryNames(Sampler.name(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null)) {
            try {
                mbeans.addNotificationListener(gc, this, null, null);
                registered.add(gc);
            } catch (InstanceNotFoundException e) {
                // a collector MBean that vanished between query and subscribe has nothing to tell
            }
        }
    }

    void stop() {
        for (ObjectName gc : registered) {
            try {
                mbeans.removeNotificationListener(gc, this);
            } catch (IOException | InstanceNotFoundException | ListenerNotFoundException | RuntimeException e) {
                // the connection or target is gone: nothing is registered any more
            }
        }
        registered.clear();
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())
                || !(n.getUserData() instanceof CompositeData cd)) {
            return;
        }
        GcEventLine line = toLine(GarbageCollectionNotificationInfo.from(cd));
        out.append(line);
        if (listener != null) listener.accept(line);
    }

    GcEventLine toLine(GarbageCollectionNotificationInfo info) {
        GcInfo gi = info.getGcInfo();
        Map<String, Long> before = heapOnly(gi.getMemoryUsageBeforeGc(), false);
        Map<String, Long> after = heapOnly(gi.getMemoryUsageAfterGc(), false);
        Map<String, Long> committed = heapOnly(gi.getMemoryUsageAfterGc(), true);
        // GcInfo durations are whole milliseconds; a sub-millisecond pause reads 0
        return new GcEventLine(jvmStartMs + gi.getStartTime(), gi.getStartTime(), info.getGcName(), info.getGcAction(),
                info.getGcCause(), gi.getDuration(), before, after, committed);
    }

    private Map<String, Long> heapOnly(Map<String, MemoryUsage> usage, boolean committed) {
        Map<String, Long> m = new HashMap<>();
        usage.forEach((pool, u) -> {
            if (heapPools.contains(pool)) m.put(pool, committed ? u.getCommitted() : u.getUsed());
        });
        return m;
    }
}
