package dev.brink.jfr;

import java.util.IdentityHashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;

/**
 * Names frames as {@code pkg.Class.method} and says which are the application's. The parser hands out one
 * {@link RecordedMethod} object per constant-pool entry, so names are cached by identity; the cache is dropped
 * when it grows past {@link #LIMIT} (a new chunk brings new objects), which bounds memory on any recording.
 */
final class MethodNames {
    static final int LIMIT = 50_000;
    private final Map<RecordedMethod, String> names = new IdentityHashMap<>();

    String of(RecordedFrame frame) {
        RecordedMethod m = frame.getMethod();
        if (m == null) {
            return "(unknown)";
        }
        String s = names.get(m);
        if (s == null) {
            if (names.size() >= LIMIT) {
                names.clear();
            }
            String type = m.getType() == null ? "(unknown)" : m.getType().getName();
            s = type + "." + m.getName();
            names.put(m, s);
        }
        return s;
    }
}
