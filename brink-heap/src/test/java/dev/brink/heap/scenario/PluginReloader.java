package dev.brink.heap.scenario;

import java.util.HashMap;
import java.util.Map;

/**
 * A report server that hot-reloads its report plugin: each reload defines the plugin class again in a new class
 * loader. Leak: the plugin classes are cached by version in a static map and the old versions are never removed,
 * so every loader stays alive with its class and its class's static templates.
 */
public final class PluginReloader {
    static final Map<String, Class<?>> PLUGIN_CACHE = new HashMap<>();
    static int version;

    /** Defines ReportPlugin itself, in each instance anew. */
    static final class PluginLoader extends ChildFirstLoader {
        PluginLoader(ClassLoader parent) {
            super(parent, ReportPlugin.class);
        }
    }

    static void reload() throws Exception {
        Class<?> plugin = Class.forName(ReportPlugin.class.getName(), true, new PluginLoader(PluginReloader.class.getClassLoader()));
        plugin.getMethod("size").invoke(null);
        PLUGIN_CACHE.put("report-plugin-v" + version++, plugin);
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> {
            for (int i = 0; i < (round == 1 ? 30 : 90); i++) {
                reload();
            }
        });
    }
}
