package dev.brink.jfr.programs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * Links method handles of shapes the JDK has not seen, as a service does while its lambdas, string concatenations and
 * framework proxies link: for each new basic-type signature the JDK asks, speculatively, for a pregenerated
 * LambdaForm (InvokerBytecodeGenerator.lookupPregenerated), and the VM creates a NoSuchMethodError for each miss and
 * clears it. JFR's jdk.JavaErrorThrow (on in every setting) records them: errors that are never the application's.
 * Shape {@code i} has four to seven parameters drawn from five basic types by the base-5 digits of {@code i}: shapes
 * below 625 are all different, so two ranges of indexes there link two sets of shapes.
 */
final class ShapeLinker {
    private static final Class<?>[] BASIC = {int.class, long.class, float.class, double.class, Object.class};
    static volatile long sink;

    private ShapeLinker() {
    }

    static void link(int from, int count) {
        for (int i = from; i < from + count; i++) {
            List<Class<?>> params = new ArrayList<>();
            List<Object> args = new ArrayList<>();
            int n = i;
            for (int k = 0; k < 4 + i % 4; k++) {
                Class<?> t = BASIC[n % 5];
                n /= 5;
                params.add(t);
                args.add(t == int.class ? (Object) k : t == long.class ? (Object) (long) k : t == float.class ? (Object) (float) k
                        : t == double.class ? (Object) (double) k : "p" + k);
            }
            MethodType type = MethodType.methodType(long.class, params);
            MethodHandle target = MethodHandles.dropArguments(MethodHandles.constant(long.class, (long) i), 0, params);
            List<Object> invokerArgs = new ArrayList<>();
            invokerArgs.add(target);
            invokerArgs.addAll(args);
            try {
                sink += (long) MethodHandles.exactInvoker(type).invokeWithArguments(invokerArgs);
            } catch (Throwable e) {
                throw new IllegalStateException("linking shape " + i + " " + type, e);
            }
        }
    }
}
