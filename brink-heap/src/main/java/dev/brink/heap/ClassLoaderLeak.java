package dev.brink.heap;

import java.util.Objects;

/**
 * Class-loader leak: one non-system loader that defined many machine-made classes, or many loaders of one
 * type. Classes live in metaspace, so what the heap shows of them is the loaders, the class mirrors and
 * their statics: {@code retainedBytes} (share in 0..1 of the reachable heap) is what those keep alive.
 *
 * @param kind           which of the two shapes was seen
 * @param loaderClass    the loaders' class
 * @param loaderObjectId the loader defining most classes, "0x…"
 * @param loaders        loaders of that class in the dump
 * @param classes        classes they defined
 * @param classPattern   for {@link Kind#GENERATED_CLASSES}, the shared name with digits as '#'; else ""
 * @param heldBy         the place that keeps the loaders alive ("static pkg.Host.PLUGINS"), "" when Brink found none
 */
public record ClassLoaderLeak(Kind kind, String loaderClass, String loaderObjectId, int loaders, int classes,
                              String classPattern, long retainedBytes, double share, String heldBy) {
    public enum Kind {
        /** One loader defined many classes whose names differ only by numbers (scripts, proxies, generated code). */
        GENERATED_CLASSES,
        /** Many loaders of one type are alive (a plugin or deployment reloaded without its old loader dying). */
        MANY_LOADERS
    }

    public ClassLoaderLeak {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(loaderClass, "loaderClass");
        classPattern = classPattern == null ? "" : classPattern;
        heldBy = heldBy == null ? "" : heldBy;
    }

    public ClassLoaderLeak withHeldBy(String place) {
        return new ClassLoaderLeak(kind, loaderClass, loaderObjectId, loaders, classes, classPattern, retainedBytes, share, place);
    }
}
