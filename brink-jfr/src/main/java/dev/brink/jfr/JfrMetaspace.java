package dev.brink.jfr;

import dev.brink.gc.MetaspaceOom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedClassLoader;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;

/**
 * What a recording says about class metadata, for brink-gc's metaspace rule and for the finding's words: metaspace
 * used before and after each collection (jdk.MetaspaceSummary, by GC id), the OutOfMemoryErrors for metadata
 * (jdk.MetaspaceOOM, with the stack that was loading a class), -XX:MaxMetaspaceSize (jdk.UnsignedLongFlag), and
 * the class loaders alive at each jdk.ClassLoaderStatistics snapshot, by loader class, at their most: a class-loader
 * leak shows there as hundreds of loaders of one type (the last snapshot may come after the program dropped them,
 * as it handled the OutOfMemoryError). Memory: two longs per collection, one row per loader class.
 */
final class JfrMetaspace {
    /** Loaders of one class at the last snapshot, and the classes they define. */
    record Loaders(String loaderClass, long loaders, long classes) {
    }

    private final Map<Long, long[]> byGc = new HashMap<>();
    private final List<MetaspaceOom> ooms = new ArrayList<>();
    private final Map<String, long[]> snapshot = new HashMap<>();
    private Instant snapshotAt;
    private Loaders most;
    private long maxMetaspace = -1;

    void summary(RecordedEvent e) {
        long[] ba = byGc.computeIfAbsent(e.getLong("gcId"), k -> new long[] {-1, -1});
        RecordedObject m = e.getValue("metaspace");
        long used = m == null ? -1 : m.getLong("used");
        ba["Before GC".equals(e.getString("when")) ? 0 : 1] = used;
    }

    void oom(RecordedEvent e, StackView stack) {
        stack.read(e.getStackTrace(), false);
        String where = StackView.NO_APP_FRAME.equals(stack.appFrame) ? stack.top : stack.appFrame;
        String space = "Class".equals(e.getString("metadataType")) ? MetaspaceOom.CLASS_SPACE : MetaspaceOom.METASPACE;
        if (ooms.size() < 1000) {
            ooms.add(new MetaspaceOom(Double.NaN, e.getStartTime().toEpochMilli(), space, where));
        }
    }

    /** jdk.UnsignedLongFlag: MaxMetaspaceSize when it was set (its default is "no limit", 2^64 − 1). */
    void flag(RecordedEvent e) {
        if ("MaxMetaspaceSize".equals(e.getString("name"))) {
            long v = e.getLong("value");
            maxMetaspace = v > 0 && v < (1L << 50) ? v : -1;
        }
    }

    /** One row of a jdk.ClassLoaderStatistics snapshot; a row with a later start time begins a new snapshot. */
    void loaderStatistics(RecordedEvent e) {
        if (snapshotAt == null || e.getStartTime().isAfter(snapshotAt)) {
            most = mostLoaders();
            snapshot.clear();
            snapshotAt = e.getStartTime();
        }
        RecordedClassLoader loader = e.getValue("classLoader");
        RecordedClass type = loader == null ? null : loader.getType();
        RecordedClassLoader parent = e.getValue("parentClassLoader");
        RecordedClass parentType = parent == null ? null : parent.getType();
        // JDK 25 records no loader for many user-defined loaders ("N/A" with a parent): group them by their parent
        String name = type != null ? type.getName() : parentType == null ? "bootstrap"
                : "(a loader JFR did not name, child of " + parentType.getName() + ")";
        long[] row = snapshot.computeIfAbsent(name, k -> new long[2]);
        row[0]++;
        row[1] += e.getLong("classCount");
    }

    /** Metaspace used {before, after} the collection with this id, or null when not recorded. */
    long[] forGc(long gcId) {
        return byGc.get(gcId);
    }

    List<MetaspaceOom> ooms() {
        return ooms;
    }

    long maxMetaspace() {
        return maxMetaspace;
    }

    /** The loader class with the most live loaders in any snapshot, or null without one. */
    Loaders mostLoaders() {
        Loaders best = most;
        for (Map.Entry<String, long[]> r : snapshot.entrySet()) {
            if (best == null || r.getValue()[0] > best.loaders()) {
                best = new Loaders(r.getKey(), r.getValue()[0], r.getValue()[1]);
            }
        }
        return best;
    }
}
