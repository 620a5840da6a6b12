package dev.brink.heap.corpus;

/** The class every plugin loader of {@link PluginHost} defines again, with its own 80 KB of state. */
public final class PluginTemplate {
    public static final byte[] STATE = new byte[80_000];

    private PluginTemplate() {
    }
}
