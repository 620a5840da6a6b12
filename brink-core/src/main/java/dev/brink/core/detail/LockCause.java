package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** What a {@code lock-contention} finding's monitor is, when a recording says ({@code cause}). */
public enum LockCause implements JsonWord {
    /** A class loader's lock: threads queue to load classes (entered by the JVM or ClassLoader.loadClass). */
    CLASS_LOADING
}
