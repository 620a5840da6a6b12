package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/**
 * What a leak suspect looks like in one heap dump ({@code leak_shape}): the words brink-heap writes. DESIGN.md once
 * said "class-loader" where the analyser wrote "generated-classes" and "many-loaders"; as an enum the two cannot part.
 */
public enum LeakShape implements JsonWord {
    /** One class's instances spread over many holders of one type (a cache per session, listeners per request). */
    SPREAD_CLASS,
    /** One class loader defined many classes whose names differ only by numbers (scripts, proxies, generated code). */
    GENERATED_CLASSES,
    /** Many class loaders of one type are alive (a plugin or an application redeployed without its old loader dying). */
    MANY_LOADERS
}
