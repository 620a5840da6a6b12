package dev.brink.heap.scenario;

/** The script bundle {@link ScriptHost} loads in its own class loader: its class carries 1.2 MB of compiled scripts. */
public final class ScriptBundle {
    static final byte[] COMPILED = new byte[1_200_000];

    public static int size() {
        return COMPILED.length;
    }
}
