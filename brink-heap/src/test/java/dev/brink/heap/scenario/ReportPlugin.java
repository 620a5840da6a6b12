package dev.brink.heap.scenario;

/** The plugin {@link PluginReloader} loads anew on each reload: its class carries compiled report templates. */
public final class ReportPlugin {
    static final byte[] TEMPLATES = new byte[24_000];

    public static int size() {
        return TEMPLATES.length;
    }
}
