package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.summary.HolderKind;
import java.util.List;

/**
 * {@code leak-suspect} from one heap dump (brink-heap): what retains the memory, where it accumulates, its path from a
 * GC root, and for a class-loader suspect the loaders. Sizes in bytes, {@code shareOfHeap} in 0..1.
 *
 * @param suspect            the suspect class, with its instance count or its object id
 * @param leakShape          how the suspect looks; null for one structure that retains much
 * @param holders            {@link LeakShape#SPREAD_CLASS}: how many objects of one class hold the spread instances
 * @param loaders            class-loader suspects: how many loaders of that class live
 * @param classes            class-loader suspects: how many classes the loader defined
 * @param classPattern       {@link LeakShape#GENERATED_CLASSES}: the shared name, digits as '#'
 * @param holder             "static pkg.Class.field", "pkg.Class.field", "thread-local … of threads 'pool-#'", …
 * @param structure          a framework's or the JDK's structure, named as what it is; null for the application's
 * @param threads            thread-local and thread-stack holders: how many threads of the pool hold it
 * @param nextStep           how to tell a cache from a leak (a second dump, a soak), in one line
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LeakSuspectDetail(Long retainedBytes, Long heapBytes, Double shareOfHeap, String suspect, String accumulationClass,
                                String accumulationObject, Long accumulationRetainedBytes, String rootKind, List<String> pathFromGcRoot,
                                LeakShape leakShape, Integer holders, String loaderClass, String loaderObject, Integer loaders,
                                Integer classes, String classPattern, String holder, HolderKind holderKind, String structure,
                                Integer threads, String pool, String nextStep) implements Detail, HeapRetention {
    public LeakSuspectDetail {
        Ranges.retention(retainedBytes, heapBytes, shareOfHeap, accumulationRetainedBytes, threads);
        Ranges.atLeastZero("holders", holders);
        Ranges.atLeastZero("loaders", loaders);
        Ranges.atLeastZero("classes", classes);
        pathFromGcRoot = pathFromGcRoot == null ? null : List.copyOf(pathFromGcRoot);
    }
}
