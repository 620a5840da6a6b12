package dev.brink.jfr;

import dev.brink.core.AppPackages;
import dev.brink.core.FamilyWalk;
import dev.brink.core.LibraryFamily;
import java.util.List;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * One event's stack read once: the top frame (where the time or the bytes went), the first application frame
 * from the top (the code to change, as {@link AppPackages} knows it, passing over code the JVM generated in the
 * application's packages: {@link MethodNames#generated}), the JDK or library frame it called (the API
 * the bytes or the time went through), and the family of the cost ({@link FamilyWalk}). Reused for every event of a
 * pass, so reading a stack allocates nothing beyond the parser's own objects.
 */
final class StackView {
    static final String NO_STACK = "(no stack trace)";
    static final String NO_APP_FRAME = "(no application frame)";
    /**
     * Where a stack without an application frame serves a remote client's RMI call: the JMX connector's server side
     * (its "RMI TCP Connection" threads) invoking MBeans, then serializing their answers after the MBean returned,
     * when only the RMI transport is left on the stack. In a service that is the cost of whoever monitors the JVM —
     * Brink itself, whose samples, thread dumps and histograms are such calls — not the service's. A service that
     * serves RMI calls of its own keeps its methods' costs: they carry its frames; only the transport's marshalling
     * around them falls here.
     */
    static final String JMX_REMOTE = "(a remote JMX/RMI client's call: monitoring)";
    /** The JMX connector server's class every remote MBean call passes through (javax.management.remote.rmi). */
    private static final String JMX_CONNECTION = "javax.management.remote.rmi.RMIConnectionImpl.";
    /** The RMI transport serving one remote call: below the MBean's invocation and the marshalling of its answer. */
    private static final String RMI_SERVICE_CALL = "sun.rmi.transport.Transport.serviceCall";

    private final MethodNames names;
    private final AppPackages app;
    String top;
    String appFrame;
    /**
     * The frame the application frame called: the nearest one above it that is not generated code, else the generated
     * one (null when the application frame is the top, or there is none).
     */
    String via;
    /** Without an application frame: the outermost frame of the family the cost belongs to (a framework's entry). */
    String entry;
    LibraryFamily category;
    /** The application frame is a lambda of the application's ({@link MethodNames#withoutRunAddress}): none of its methods is on the stack. */
    boolean lambdaOnly;
    List<RecordedFrame> frames;

    StackView(MethodNames names, AppPackages app) {
        this.names = names;
        this.app = app;
    }

    /**
     * Reads {@code stack}. With {@code skipConstructors}, the constructors at the top are passed over: a throw
     * event's stack starts in the exception's own constructor chain, and the site is the frame that called it.
     */
    StackView read(RecordedStackTrace stack, boolean skipConstructors) {
        return read(stack, skipConstructors, null);
    }

    /**
     * Reads a throw event's {@code stack}, whose top is the constructor chain of {@code thrown} (Throwable's,
     * its superclasses', then its own): the site is the frame below {@code thrown}'s constructor. A constructor below
     * that one is no part of the chain — a subclass would have been the thrown class — but code that threw:
     * {@code Amount}'s constructor running {@code throw new InvalidAmount(…)} is the site, not its caller.
     */
    StackView readPastConstructorOf(RecordedStackTrace stack, String thrown) {
        return read(stack, true, thrown + ".<init>");
    }

    private StackView read(RecordedStackTrace stack, boolean skipConstructors, String lastConstructor) {
        top = NO_STACK;
        appFrame = NO_APP_FRAME;
        via = null;
        entry = null;
        category = LibraryFamily.NONE;
        frames = stack == null ? List.of() : stack.getFrames();
        FamilyWalk walk = new FamilyWalk();
        boolean skipping = skipConstructors;
        boolean passedLast = false;
        boolean jmx = false;
        String previous = null;
        String previousGenerated = null;
        String lambda = null;
        String lambdaVia = null;
        LibraryFamily lambdaFamily = null;
        lambdaOnly = false;
        for (RecordedFrame f : frames) {
            String name = names.of(f);
            if (skipping && (name.endsWith(".<init>") || name.startsWith("java.lang.Throwable."))
                    && !(passedLast && !name.equals(lastConstructor))) {
                passedLast |= name.equals(lastConstructor); // this(…) overloads repeat it
                continue;
            }
            skipping = false;
            if (top == NO_STACK) {
                top = name;
            }
            boolean generated = names.generated(f);
            if (!generated && app.isApplication(name)) {
                appFrame = name;
                via = previous != null ? previous : previousGenerated;
                break;
            }
            if (generated && lambda == null && name.contains("$$Lambda") && app.isApplication(name)) {
                lambda = name; // MethodNames named it without its per-run address
                lambdaVia = previous != null ? previous : previousGenerated;
                lambdaFamily = walk.family(true);
            }
            jmx |= name.startsWith(JMX_CONNECTION) || name.startsWith(RMI_SERVICE_CALL);
            walk.frame(name);
            // the call the application made is the nearest frame that is someone's code: for map(Integer::valueOf)
            // the Stream's terminal operation, not the lambda's class; the generated frame only when there is no other
            if (!generated) {
                previous = name;
            } else if (previous == null) {
                previousGenerated = name;
            }
        }
        if (appFrame == NO_APP_FRAME && lambda != null) {
            // No method of the application's on the stack, but one of its lambdas: a task that a pool's thread runs
            // (a parallel Stream's ForkJoin workers run map(Integer::valueOf) with the method that started the
            // pipeline on another thread). The lambda is the application's code there, named by the class that wrote
            // it, without the JVM's per-run address so that two recordings name it alike.
            appFrame = lambda;
            via = lambdaVia;
            category = lambdaFamily;
            lambdaOnly = true;
            return this;
        }
        category = walk.family(appFrame != NO_APP_FRAME);
        if (appFrame == NO_APP_FRAME && category != LibraryFamily.NONE) {
            for (RecordedFrame f : frames) {
                String name = names.of(f);
                if (LibraryFamily.of(name) == category) {
                    entry = name; // the last one, walking down: where the stack entered the family
                }
            }
        }
        if (jmx && appFrame == NO_APP_FRAME) {
            appFrame = JMX_REMOTE; // named once the family and the entry are read as for any stack without one
        }
        return this;
    }

    /** True when {@code f} is the application's code: in its packages, and not generated ({@link MethodNames#generated}). */
    boolean application(RecordedFrame f) {
        return !names.generated(f) && app.isApplication(names.of(f));
    }

    String name(RecordedFrame f) {
        return names.of(f);
    }
}
