package dev.brink.core.detail;

import dev.brink.core.LibraryFamily;
import dev.brink.core.verdict.JsonWord;

/**
 * The library a {@code busy-thread} finding's CPU went to ({@code libraries}' keys and {@code main_library}): a
 * {@link LibraryFamily} the application called into, or the application's own code, or other code. brink-threads
 * reads it from each sample's stack.
 */
public enum CpuLibrary implements JsonWord {
    REGEX, FORMATTING, CRYPTO, LOGGING, JSON, REFLECTION, CLASS_LOADING, ORM, DATABASE,
    /** An application frame came first: the thread computes in its own code. */
    APPLICATION,
    /** Other JDK or library code. */
    OTHER;

    /** The library of {@code family}; {@code none} when it is {@link LibraryFamily#NONE} (application or other code). */
    public static CpuLibrary of(LibraryFamily family, CpuLibrary none) {
        return family == LibraryFamily.NONE ? none : valueOf(family.name());
    }
}
