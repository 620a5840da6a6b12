package dev.brink.core;

/**
 * Class names as a Java programmer writes them. The JVM's own tools name classes its way: HPROF in internal form
 * ("java/util/HashMap$Node", "[Ljava/lang/Object;"), JFR and {@code jcmd GC.class_histogram} with descriptors for
 * arrays ("[B", "[Ljava.lang.String;"). Brink says "byte[]" wherever it shows a class, whichever file it read.
 */
public final class JvmTypeNames {
    private JvmTypeNames() {
    }

    /**
     * A name JFR or jcmd printed, already dotted: "[B" → "byte[]", "[Ljava.lang.String;" → "java.lang.String[]"; any
     * other name as it is (a hidden class's "Foo$$Lambda/0x…" keeps its slash).
     */
    public static String ofDotted(String name) {
        return name.startsWith("[") ? javaName(name) : name;
    }

    /** An HPROF (internal) name: "java/util/HashMap$Node" → "java.util.HashMap$Node"; "[Ljava/lang/Object;" → "java.lang.Object[]"; "[[B" → "byte[][]". */
    public static String javaName(String vmName) {
        int dims = 0;
        while (dims < vmName.length() && vmName.charAt(dims) == '[') {
            dims++;
        }
        String base = vmName.substring(dims);
        if (dims > 0) {
            if (base.startsWith("L") && base.endsWith(";")) {
                base = base.substring(1, base.length() - 1);
            } else if (base.length() == 1) {
                base = switch (base.charAt(0)) {
                    case 'Z' -> "boolean";
                    case 'C' -> "char";
                    case 'F' -> "float";
                    case 'D' -> "double";
                    case 'B' -> "byte";
                    case 'S' -> "short";
                    case 'I' -> "int";
                    case 'J' -> "long";
                    default -> base;
                };
            }
        }
        return base.replace('/', '.') + "[]".repeat(dims);
    }
}
