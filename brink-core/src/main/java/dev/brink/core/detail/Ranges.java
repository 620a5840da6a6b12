package dev.brink.core.detail;

/** The checks the detail records' constructors share: a value out of its range is a writer's bug, named. */
final class Ranges {
    private Ranges() {
    }

    /** A count, a byte size or a time: absent (null) or >= 0. */
    static void atLeastZero(String key, Number v) {
        if (v != null && !(v.doubleValue() >= 0)) throw new IllegalArgumentException(key + ": expected >= 0, got " + v);
    }

    /** A share of a whole: absent or within 0..1. */
    static void share(String key, Double v) {
        if (v != null && !(v >= 0 && v <= 1)) throw new IllegalArgumentException(key + ": expected a share from 0 to 1, got " + v);
    }
}
