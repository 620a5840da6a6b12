package dev.brink.heap.corpus;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripting host that compiles every evaluated script to a new class in one long-lived loader, as JMeter's
 * BeanShell/Groovy samplers did: 700 classes Script00000…Script00699, none ever unloaded, and the engine's
 * cache of script sources by name, which grows with them (a leak in the heap as well).
 */
public final class ScriptEngineHost {
    static final class ScriptLoader extends ClassLoader {
        ScriptLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    static final ScriptLoader LOADER = new ScriptLoader(ScriptEngineHost.class.getClassLoader());
    static final List<Class<?>> COMPILED = new ArrayList<>();
    static final Map<String, String> SOURCES = new HashMap<>();

    public static void main(String[] args) throws Exception {
        byte[] template;
        try (InputStream in = ScriptEngineHost.class.getResourceAsStream("gen/Script00000.class")) {
            template = in.readAllBytes();
        }
        for (int i = 0; i < 700; i++) {
            String name = String.format("Script%05d", i);
            COMPILED.add(LOADER.define(rename(template, name)));
            SOURCES.put(name, ("vars.put('sample_" + i + "', prev.getResponseDataAsString().length());\n").repeat(60));
        }
        Heaps.ready();
    }

    /** The template with every "Script00000" replaced by a name of the same length: a valid class file. */
    static byte[] rename(byte[] template, String name) {
        byte[] out = template.clone();
        byte[] from = "Script00000".getBytes(StandardCharsets.US_ASCII);
        byte[] to = name.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + from.length <= out.length; i++) {
            boolean match = true;
            for (int k = 0; k < from.length && match; k++) match = out[i + k] == from[k];
            if (match) System.arraycopy(to, 0, out, i, to.length);
        }
        return out;
    }
}
