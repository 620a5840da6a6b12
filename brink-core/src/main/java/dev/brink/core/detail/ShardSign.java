package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** What shows a shard's run ended before its load did ({@code shard-incomplete}'s {@code signs}). */
public enum ShardSign implements JsonWord {
    /** Its run directory has no summary.json: the method never finished. */
    NO_SUMMARY,
    /** A .jsonl file of it ends in the middle of a line: the process stopped while writing. */
    TRUNCATED_LINE,
    /** Its events.jsonl has no load-close: the engine never closed. */
    NO_LOAD_CLOSE
}
