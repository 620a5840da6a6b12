package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.GcCauseKind;

/**
 * {@code metaspace} (brink-gc, with what a recording adds in brink-jfr): class metadata that does not fit. Sizes in bytes.
 *
 * @param cause               always {@link GcCauseKind#METADATA}: the collections the finding counts
 * @param metadataCollections collections for class metadata
 * @param metaspaceStartBytes metaspace used at the first collection that said it; null when none did
 * @param maxMetaspaceBytes   -XX:MaxMetaspaceSize; null when unset or not logged
 * @param at                  the log line of the first OutOfMemoryError: Metaspace
 * @param classesLoadedPerSec JFR: classes loaded per second over the window
 * @param loaderClass         JFR: the class loader class with most live loaders at the recording's last count
 * @param step                the capacity step whose recording showed it
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MetaspaceDetail(GcCauseKind cause, int metadataCollections, @JsonProperty("collections_worst_60s") int collectionsWorst60s,
                              Long metaspaceStartBytes, Long metaspacePeakBytes, Long maxMetaspaceBytes, int outOfMemoryErrors,
                              String advice, String at, Long classesLoadedPerSec, String loaderClass, Long loaders, Long classes,
                              String step) implements Detail, Stepped {
    public MetaspaceDetail {
        if (cause != null && cause != GcCauseKind.METADATA) throw new IllegalArgumentException("cause: expected metadata, got " + cause.json());
        Ranges.atLeastZero("metadata_collections", metadataCollections);
        Ranges.atLeastZero("collections_worst_60s", collectionsWorst60s);
        Ranges.atLeastZero("metaspace_start_bytes", metaspaceStartBytes);
        Ranges.atLeastZero("metaspace_peak_bytes", metaspacePeakBytes);
        Ranges.atLeastZero("max_metaspace_bytes", maxMetaspaceBytes);
        Ranges.atLeastZero("out_of_memory_errors", outOfMemoryErrors);
        Ranges.atLeastZero("classes_loaded_per_sec", classesLoadedPerSec);
        Ranges.atLeastZero("loaders", loaders);
        Ranges.atLeastZero("classes", classes);
    }

    /** What a GC log shows: the metadata collections, the metaspace's sizes where logged, the OutOfMemoryErrors. */
    public static MetaspaceDetail fromLog(int metadataCollections, int collectionsWorst60s, Long startBytes, Long peakBytes,
                                          Long maxBytes, int outOfMemoryErrors, String advice, String at) {
        return new MetaspaceDetail(GcCauseKind.METADATA, metadataCollections, collectionsWorst60s, startBytes, peakBytes, maxBytes,
                outOfMemoryErrors, advice, at, null, null, null, null, null);
    }

    /** With what a recording adds: the loading rate, and the loaders alive when more than one of a class lives (else null). */
    public MetaspaceDetail recorded(long classesPerSec, String loaderClass, Long loaders, Long classes) {
        return new MetaspaceDetail(cause, metadataCollections, collectionsWorst60s, metaspaceStartBytes, metaspacePeakBytes,
                maxMetaspaceBytes, outOfMemoryErrors, advice, at, classesPerSec, loaderClass, loaders, classes, step);
    }

    @Override
    public MetaspaceDetail inStep(String s) {
        return new MetaspaceDetail(cause, metadataCollections, collectionsWorst60s, metaspaceStartBytes, metaspacePeakBytes,
                maxMetaspaceBytes, outOfMemoryErrors, advice, at, classesLoadedPerSec, loaderClass, loaders, classes, s);
    }
}
