package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An {@code OutOfMemoryError} for class metadata, as the JVM logs it while throwing it ({@code gc+metaspace+oom},
 * part of {@code -Xlog:gc*}): "Metaspace (data) allocation failed for size 39" when -XX:MaxMetaspaceSize was
 * reached, "(class)" when the compressed class space was.
 *
 * @param uptimeSec seconds of JVM uptime; NaN when the log has no uptime
 * @param epochMs   wall-clock time; -1 when the log has no date
 * @param space     {@link #METASPACE} or {@link #CLASS_SPACE}
 * @param source    "file:line"
 */
public record MetaspaceOom(@JsonProperty("uptime_s") double uptimeSec, @JsonProperty("epoch_ms") long epochMs,
                           String space, String source) {
    /** What ran out: the whole metaspace (OutOfMemoryError: Metaspace). */
    public static final String METASPACE = "Metaspace";
    /** What ran out: the compressed class space (OutOfMemoryError: Compressed class space). */
    public static final String CLASS_SPACE = "Compressed class space";
}
