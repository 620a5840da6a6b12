package dev.brink.jfr.programs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A script engine's class loader in the old style: not parallel-capable, so {@code ClassLoader.loadClass} locks
 * the loader itself, and it "compiles" each script inside that lock before defining its class. Every thread that
 * evaluates a script queues on this one lock, as JMeter's BeanShell and Groovy threads did in field report 002.
 */
final class ScriptLoader extends ClassLoader {
    private static final String TEMPLATE = "ScriptTemplate0000";
    private final byte[] template;

    ScriptLoader() throws IOException {
        super(ScriptLoader.class.getClassLoader());
        try (InputStream in = ScriptLoader.class.getResourceAsStream(TEMPLATE + ".class")) {
            template = in.readAllBytes();
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String simple = name.substring(name.lastIndexOf('.') + 1);
        if (!simple.startsWith("ScriptTemplate") || simple.length() != TEMPLATE.length()) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes = compile(simple);
        return defineClass(name, bytes, 0, bytes.length);
    }

    /** Stands for parsing a script's source: a few milliseconds of CPU, then the template renamed. */
    private byte[] compile(String simple) {
        long h = 0;
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 20_000; i++) {
                h = h * 31 + (i ^ simple.charAt(i % simple.length()));
            }
        }
        byte[] b = template.clone();
        byte[] from = TEMPLATE.getBytes(StandardCharsets.US_ASCII);
        byte[] to = simple.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + from.length <= b.length; i++) {
            if (regionMatches(b, i, from)) {
                System.arraycopy(to, 0, b, i, to.length);
            }
        }
        return h == 42 ? template : b;
    }

    private static boolean regionMatches(byte[] b, int at, byte[] what) {
        for (int j = 0; j < what.length; j++) {
            if (b[at + j] != what[j]) {
                return false;
            }
        }
        return true;
    }
}
