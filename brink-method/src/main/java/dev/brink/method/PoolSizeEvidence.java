package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.line.JvmSample;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.gc.GcReport;
import dev.brink.gc.PoolSizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Report 004 from the target's memory pools, read from the first jvm.jsonl sample the observer wrote ({@link
 * PoolSizes}): a generation split that leaves the old generation smaller than the young one is a finding even when
 * the service allocated too slowly during the run to collect (gc.jsonl empty or without full GCs), and critical when
 * the run's own collections hold the full GCs it causes.
 */
final class PoolSizeEvidence {
    private PoolSizeEvidence() {
    }

    static Optional<Finding> of(RunDirectory run, long loadStartEpochMs) throws BrinkUserException {
        Path jvm = run.file(RunDirectory.JVM);
        if (!Files.isRegularFile(jvm)) {
            return Optional.empty();
        }
        List<JvmSample> samples = JsonlReader.readAll(jvm, JvmSample.class);
        if (samples.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Long> max = new LinkedHashMap<>();
        for (Map.Entry<String, JvmSample.Pool> p : samples.get(0).pools().entrySet()) {
            if (JvmSample.Pool.HEAP.equals(p.getValue().type())) {
                max.put(p.getKey(), p.getValue().max());
            }
        }
        Path gc = run.file(RunDirectory.GC);
        GcReport collections = null;
        if (Files.isRegularFile(gc) && gc.toFile().length() > 0) {
            collections = GcLogAnalyzer.analyzeGcJsonl(gc, loadStartEpochMs);
        }
        return PoolSizes.oldGeneration(max, collections, List.of(RunDirectory.JVM, RunDirectory.GC));
    }
}
