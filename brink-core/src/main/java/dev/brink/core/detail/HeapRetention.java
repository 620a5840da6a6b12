package dev.brink.core.detail;

import java.util.List;

/**
 * What a heap dump says retains memory, the same keys in a {@code leak-suspect} (one dump) and a {@code memory-leak} (a
 * holder that grew between two): readers that show either read them through this view. Each may be null.
 */
public interface HeapRetention {
    Long retainedBytes();

    Long heapBytes();

    /** 0..1. */
    Double shareOfHeap();

    String suspect();

    String holder();

    String structure();

    Integer threads();

    String pool();

    String accumulationClass();

    String accumulationObject();

    Long accumulationRetainedBytes();

    String rootKind();

    List<String> pathFromGcRoot();
}
