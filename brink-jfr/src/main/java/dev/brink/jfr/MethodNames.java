package dev.brink.jfr;

import java.util.IdentityHashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;

/**
 * Names frames as {@code pkg.Class.method} and says which are code the JVM generated ({@link #generated}). The parser
 * hands out one {@link RecordedMethod} object per constant-pool entry, so names are cached by identity; the cache is
 * dropped when it grows past {@link #LIMIT} (a new chunk brings new objects), which bounds memory on any recording.
 */
final class MethodNames {
    static final int LIMIT = 50_000;
    private final Map<RecordedMethod, String> names = new IdentityHashMap<>();
    /** The cached methods that are generated code (a subset of {@link #names}' keys, dropped with them). */
    private final Map<RecordedMethod, Boolean> generated = new IdentityHashMap<>();

    String of(RecordedFrame frame) {
        RecordedMethod m = frame.getMethod();
        if (m == null) {
            return "(unknown)";
        }
        String s = names.get(m);
        if (s == null) {
            if (names.size() >= LIMIT) {
                names.clear();
                generated.clear();
            }
            String type = m.getType() == null ? "(unknown)" : m.getType().getName();
            // one name per run and across runs: a hidden class's name holds its address (no other class name can hold
            // ".0x", "/0x" or "+0x": a Java identifier never starts with a digit, nor holds '/' or '+')
            s = withoutRunAddress(type + "." + m.getName());
            names.put(m, s);
            if (m.isHidden() || generatedClass(type)) {
                generated.put(m, Boolean.TRUE);
            }
        }
        return s;
    }

    /**
     * True for a frame of code the JVM generated at run time, which is nobody's source: never the application's frame,
     * even when its class is in the application's package. The JVM marks such methods hidden (JFR's
     * {@link RecordedMethod#isHidden}, JDK 9+): the methods of hidden classes — the class
     * {@code LambdaMetafactory} spins for each lambda and method reference ({@code com.acme.Quotes$$Lambda/0x…}, in the
     * package of the class that wrote it, where {@code map(Integer::valueOf)} puts it between Integer.parseInt and the
     * method that ran the Stream) — and the JDK's method-handle plumbing; Throwable's stack traces and StackWalker
     * leave the same frames out by default. {@link #generatedClass} names the rest: dynamic proxies, which are
     * ordinary classes to the JVM.
     */
    boolean generated(RecordedFrame frame) {
        RecordedMethod m = frame.getMethod();
        if (m == null) {
            return false;
        }
        if (!names.containsKey(m)) {
            of(frame);
        }
        return generated.containsKey(m);
    }

    /**
     * A generated class's frame without the JVM's per-run part, so that a table or finding names it the same in every
     * run and folds its instances into one line: a lambda keeps the class that wrote it ({@code com.acme.Quotes$$Lambda.apply}
     * for JDK 17's {@code com.acme.Quotes$$Lambda$89+0x00007eff54007c28.1813475653.apply} and JDK 21's
     * {@code com.acme.Quotes$$Lambda.0x000000007e045438.apply}); any other hidden class loses its address (the JDK's
     * method-handle forms, {@code java.lang.invoke.LambdaForm$DMH.0x0000000023047400.invokeStatic} →
     * {@code java.lang.invoke.LambdaForm$DMH.invokeStatic}: {@code Class.getName} gives a hidden class a {@code /0x…}
     * suffix, which recordings write as {@code .0x…} or, on JDK 17, {@code +0x…}). The name itself for any other frame.
     */
    static String withoutRunAddress(String frame) {
        int at = frame.indexOf("$$Lambda");
        if (at >= 0) {
            return frame.substring(0, at + "$$Lambda".length()) + frame.substring(frame.lastIndexOf('.'));
        }
        int x = frame.indexOf("0x");
        while (x > 0 && "./+".indexOf(frame.charAt(x - 1)) < 0) {
            x = frame.indexOf("0x", x + 1);
        }
        if (x <= 0) {
            return frame;
        }
        int end = x + 2;
        while (end < frame.length() && Character.digit(frame.charAt(end), 16) >= 0) {
            end++;
        }
        // JDK 17 may follow the address with a number of its own (".1813475653"), itself followed by the method
        if (end < frame.length() && frame.charAt(end) == '.') {
            int d = end + 1;
            while (d < frame.length() && Character.isDigit(frame.charAt(d))) {
                d++;
            }
            if (d > end + 1 && d < frame.length() && frame.charAt(d) == '.') {
                end = d;
            }
        }
        return frame.substring(0, x - 1) + frame.substring(end);
    }

    /**
     * A class the JDK generates, known by its name:
     * <ul>
     *   <li>a lambda's ({@code $$Lambda}), for a writer that left its methods unmarked;</li>
     *   <li>a dynamic proxy's: {@link java.lang.reflect.Proxy} names its classes {@code $Proxy} and a number, and defines
     *   one that implements a package-private interface in that interface's package — an annotation of a
     *   package-private type is such a proxy too — so {@code com.acme.fares.$Proxy27.apply} sits between the
     *   application's call and its InvocationHandler. Its methods only hand the call to the handler, and wrap a checked
     *   exception the interface does not declare in an UndeclaredThrowableException: the code someone wrote is the
     *   handler above it (named when it is the application's) or the caller below it, never the proxy. (A public
     *   interface's proxies are in the JDK's own packages, {@code jdk.proxy1.} or {@code com.sun.proxy.}.)</li>
     * </ul>
     */
    static boolean generatedClass(String type) {
        if (type.contains("$$Lambda")) {
            return true;
        }
        int simple = type.lastIndexOf('.') + 1;
        if (!type.startsWith("$Proxy", simple) || type.length() == simple + "$Proxy".length()) {
            return false;
        }
        for (int i = simple + "$Proxy".length(); i < type.length(); i++) {
            if (type.charAt(i) < '0' || type.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
