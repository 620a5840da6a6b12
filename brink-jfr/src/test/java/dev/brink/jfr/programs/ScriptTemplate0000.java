package dev.brink.jfr.programs;

/** The bytes every "compiled script" class is made from: {@link ScriptLoader} renames it per script. */
public final class ScriptTemplate0000 implements Runnable {
    static volatile long runs;

    @Override
    public void run() {
        runs++;
    }
}
