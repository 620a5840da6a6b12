package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code busy-thread} from thread dumps (brink-threads): threads of one pool RUNNABLE in one place across the dumps.
 *
 * @param frame       the first thread's top frame
 * @param where       the deepest application frame common to the group's samples ("class.method(File.java:12)")
 * @param libraries   samples per library the CPU went to, the most first: {"regex": 3, "formatting": 1}
 * @param mainLibrary the library most samples ran in
 * @param cpuShare    CPU of the whole group over the interval, in cores (1.0 = one core); null without CPU times
 * @param threads     one row per thread of the group
 * @param dumps       in how many dumps they were RUNNABLE there
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BusyThreadDetail(String frame, String where, Map<CpuLibrary, Integer> libraries, CpuLibrary mainLibrary, Double cpuShare,
                               List<ThreadRow> threads, int dumps) implements Detail {
    public BusyThreadDetail {
        libraries = libraries == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(libraries));
        threads = threads == null ? null : List.copyOf(threads);
        Ranges.atLeastZero("cpu_share", cpuShare);
        Ranges.atLeastZero("dumps", dumps);
    }

    /**
     * One busy thread: its name, native id, CPU over the interval (ms, and in cores), its %CPU in {@code top} and its
     * top frame; each null when the dumps did not say.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ThreadRow(String thread, Long nid, Long cpuDeltaMs, Double cpuShare, Double topCpuPct, String topFrame) {
    }
}
