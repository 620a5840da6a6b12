package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.GcCauseKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code gc-pressure} from a GC log, gc.jsonl or a recording's collections (brink-gc), one shape per rule, each with its
 * factory: a full-GC storm, GC time, allocation stalls, a collector's trouble (promotion failure, to-space exhausted…),
 * and the rules named by what started the collections ({@link #byCause}: System.gc(), humongous allocations, GCLocker).
 * Times in ms, shares in 0..1. The components' order is the order the rules have always written their keys in (a rule
 * named by its cause writes {@code cause} first).
 *
 * @param cause      what started the collections the finding is about
 * @param collections humongous: collections that found humongous regions
 * @param count      collections of the finding's cause, or trouble events
 * @param causes     the JVM's cause words of the full GCs a storm counted, with how many: {"System.gc()": 25}
 * @param notCounted full GCs by cause that Brink or the start-up caused, shown but not counted
 * @param humongousObjectBytesMax humongous: the largest humongous object the log sized (G1's gc+humongous debug
 *                   lines), null when it does not say
 * @param caller     the stack that called System.gc(), from a recording's jdk.SystemGC events
 * @param step       the capacity step whose recording showed it
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GcPressureDetail(GcCauseKind cause, Integer collections, Integer count, @JsonProperty("collections_worst_60s") Integer collectionsWorst60s,
                               Integer fullGcs, @JsonProperty("full_gcs_worst_60s") Integer fullGcsWorst60s, Double medianFreedShare,
                               Map<String, Integer> causes, Map<String, Integer> notCounted, Double gcTimeShare,
                               @JsonProperty("worst_60s_share") Double worst60sShare,
                               @JsonProperty("worst_60s_start_s") Double worst60sStartS, Integer pauses, Integer stalls,
                               Double stallMsTotal, Double pauseTotalMs, Double humongousShareOfYoung, Long regionSizeBytes,
                               Long humongousRegionsMax, Long humongousObjectBytesMax, String meaning, String flags, String advice, String caller, String step)
        implements Detail, Stepped {
    public GcPressureDetail {
        for (Integer n : new Integer[] {collections, count, collectionsWorst60s, fullGcs, fullGcsWorst60s, pauses, stalls}) {
            Ranges.atLeastZero("a collection count", n);
        }
        Ranges.share("median_freed_share", medianFreedShare);
        Ranges.share("gc_time_share", gcTimeShare);
        Ranges.share("worst_60s_share", worst60sShare);
        Ranges.share("humongous_share_of_young", humongousShareOfYoung);
        Ranges.atLeastZero("stall_ms_total", stallMsTotal);
        Ranges.atLeastZero("pause_total_ms", pauseTotalMs);
        Ranges.atLeastZero("humongous_object_bytes_max", humongousObjectBytesMax);
        causes = causes == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(causes));
        notCounted = notCounted == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(notCounted));
    }

    /**
     * Full GCs one after the other: how many, within 60 s, the median share each freed (null when none recorded the
     * heap's size before and after), their causes and those left out, and {@code cause} when one cause (GCLocker)
     * explains most of them.
     */
    public static GcPressureDetail fullGcStorm(GcCauseKind cause, int fullGcs, int worst60s, Double medianFreedShare,
                                               Map<String, Integer> causes, Map<String, Integer> notCounted, String advice) {
        return new GcPressureDetail(cause, null, null, null, fullGcs, worst60s, medianFreedShare, causes,
                notCounted == null || notCounted.isEmpty() ? null : notCounted, null, null, null, null, null, null, null, null, null,
                null, null, null, null, advice, null, null);
    }

    /** GC's share of the time, overall and in the worst 60 s (and when that began, s), over {@code pauses} pauses. */
    public static GcPressureDetail timeShare(double gcTimeShare, double worst60sShare, double worst60sStartS, int pauses, String advice) {
        return new GcPressureDetail(null, null, null, null, null, null, null, null, null, gcTimeShare, worst60sShare, worst60sStartS,
                pauses, null, null, null, null, null, null, null, null, null, advice, null, null);
    }

    /** Allocation stalls: threads waited for the collector to free memory (the heap's cause). */
    public static GcPressureDetail stalls(int stalls, double stallMsTotal, String advice) {
        return new GcPressureDetail(GcCauseKind.HEAP, null, null, null, null, null, null, null, null, null, null, null, null, stalls,
                stallMsTotal, null, null, null, null, null, null, null, advice, null, null);
    }

    /** A collector's trouble seen {@code count} times (promotion failure, to-space exhausted…): what it means, what to try. */
    public static GcPressureDetail trouble(int count, String meaning, String flags) {
        return new GcPressureDetail(null, null, count, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, meaning, flags, null, null, null);
    }

    /**
     * Collections named by what started them: {@code count} of {@code cause}, {@code worst60s} within a minute; System.gc()
     * adds its full GCs and their pauses ({@code fullGcs}, {@code pauseTotalMs}), humongous allocations the collections
     * that found humongous regions, their share of young collections and the region sizes; null where a rule has none.
     */
    public static GcPressureDetail byCause(GcCauseKind cause, Integer collections, int count, int worst60s, Integer fullGcs,
                                           Double pauseTotalMs, Double humongousShareOfYoung, Long regionSizeBytes,
                                           Long humongousRegionsMax, String flags, String advice) {
        return new GcPressureDetail(cause, collections, count, worst60s, fullGcs, null, null, null, null, null, null, null, null, null,
                null, pauseTotalMs, humongousShareOfYoung, regionSizeBytes, humongousRegionsMax, null, null, flags, advice, null, null);
    }

    /** The same humongous finding with the largest humongous object the log sized. */
    public GcPressureDetail withHumongousObjectBytesMax(long bytes) {
        return new GcPressureDetail(cause, collections, count, collectionsWorst60s, fullGcs, fullGcsWorst60s, medianFreedShare, causes,
                notCounted, gcTimeShare, worst60sShare, worst60sStartS, pauses, stalls, stallMsTotal, pauseTotalMs, humongousShareOfYoung,
                regionSizeBytes, humongousRegionsMax, bytes, meaning, flags, advice, caller, step);
    }

    /** The same finding with the share of the time its own pauses took, overall and in the worst 60 s (0..1). */
    public GcPressureDetail withTimeShares(double share, double worst60s) {
        return new GcPressureDetail(cause, collections, count, collectionsWorst60s, fullGcs, fullGcsWorst60s, medianFreedShare, causes,
                notCounted, share, worst60s, worst60sStartS, pauses, stalls, stallMsTotal, pauseTotalMs, humongousShareOfYoung,
                regionSizeBytes, humongousRegionsMax, humongousObjectBytesMax, meaning, flags, advice, caller, step);
    }

    /** The same finding with the stack a recording saw call System.gc(). */
    public GcPressureDetail withCaller(String stack) {
        return new GcPressureDetail(cause, collections, count, collectionsWorst60s, fullGcs, fullGcsWorst60s, medianFreedShare, causes,
                notCounted, gcTimeShare, worst60sShare, worst60sStartS, pauses, stalls, stallMsTotal, pauseTotalMs, humongousShareOfYoung,
                regionSizeBytes, humongousRegionsMax, humongousObjectBytesMax, meaning, flags, advice, stack, step);
    }

    @Override
    public GcPressureDetail inStep(String at) {
        return new GcPressureDetail(cause, collections, count, collectionsWorst60s, fullGcs, fullGcsWorst60s, medianFreedShare, causes,
                notCounted, gcTimeShare, worst60sShare, worst60sStartS, pauses, stalls, stallMsTotal, pauseTotalMs, humongousShareOfYoung,
                regionSizeBytes, humongousRegionsMax, humongousObjectBytesMax, meaning, flags, advice, caller, at);
    }
}
