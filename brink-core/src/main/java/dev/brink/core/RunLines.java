package dev.brink.core;

import dev.brink.core.detail.Detail;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.HostHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.JvmSample;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;

/**
 * The top-level keys of each one-JSON-per-line file of a run directory (DESIGN.md "Run directory"), as the writers'
 * records write them: load.jsonl ({@link IntervalStats}), generator.jsonl ({@link GeneratorHealth}), host.jsonl
 * ({@link HostHealth}), gc.jsonl ({@link GcEventLine}) and jvm.jsonl ({@link JvmSample}), all in brink-core and made
 * from the records' components so the names cannot drift from what is written. {@link ContractCheck} reports a line
 * holding any other key.
 */
public final class RunLines {
    /** The record each line of a file is. */
    public static final Map<String, Class<? extends Record>> RECORDS = Map.of(
            RunDirectory.LOAD, IntervalStats.class,
            RunDirectory.GENERATOR, GeneratorHealth.class,
            RunDirectory.HOST, HostHealth.class,
            RunDirectory.JVM, JvmSample.class,
            RunDirectory.GC, GcEventLine.class);

    /** File name → its lines' keys, in the order the record writes them. */
    public static final Map<String, List<String>> KEYS = Map.of(
            RunDirectory.LOAD, Detail.keys(IntervalStats.class),
            RunDirectory.GENERATOR, Detail.keys(GeneratorHealth.class),
            RunDirectory.HOST, Detail.keys(HostHealth.class),
            RunDirectory.JVM, Detail.keys(JvmSample.class),
            RunDirectory.GC, Detail.keys(GcEventLine.class));

    private RunLines() {
    }

    /**
     * Whether a line of {@code file} can hold the JSON Pointer {@code pointer} ("/corrected/p99_ms", "/ops/get/ok"): each
     * step names a component of the record there, or is any key of a map. A reader that keeps a field's path (the
     * report's charts) checks it against the record with this; false for a file whose record is not in brink-core.
     */
    public static boolean holds(String file, String pointer) {
        Type at = RECORDS.get(file);
        if (at == null || !pointer.startsWith("/")) return false;
        for (String step : pointer.substring(1).split("/", -1)) {
            at = child(at, step.replace("~1", "/").replace("~0", "~"));
            if (at == null) return false;
        }
        return true;
    }

    /** The type under {@code key} of a record or a map of {@code type}; null when it has none. */
    private static Type child(Type type, String key) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw && Map.class.isAssignableFrom(raw)) {
            return p.getActualTypeArguments()[1];
        }
        if (type instanceof Class<?> c && c.isRecord()) {
            RecordComponent[] components = c.getRecordComponents();
            List<String> keys = Detail.keys(c);
            for (int i = 0; i < components.length; i++) {
                if (keys.get(i).equals(key)) return components[i].getGenericType();
            }
        }
        return null;
    }
}
