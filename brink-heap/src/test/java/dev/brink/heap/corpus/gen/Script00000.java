package dev.brink.heap.corpus.gen;

/** The template {@link dev.brink.heap.corpus.ScriptEngineHost} renames to Script00001, Script00002…. */
public final class Script00000 {
    public static int run(int x) {
        return x * 31 + 7;
    }
}
