package dev.brink.heap.corpus;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A plugin host that reloads plugins without letting the old loaders go: 80 PluginLoader instances stay alive,
 * each with its own copy of the plugin class and its 80 KB of static state.
 */
public final class PluginHost {
    static final class PluginLoader extends ClassLoader {
        PluginLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    static final List<Class<?>> LOADED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        String name = PluginTemplate.class.getName();
        byte[] bytes;
        try (InputStream in = PluginHost.class.getResourceAsStream("PluginTemplate.class")) {
            bytes = in.readAllBytes();
        }
        for (int i = 0; i < 80; i++) {
            PluginLoader loader = new PluginLoader(PluginHost.class.getClassLoader());
            Class<?> c = loader.define(name, bytes);
            Class.forName(name, true, loader); // runs the static initialiser in this loader's copy
            LOADED.add(c);
        }
        Heaps.ready();
    }
}
