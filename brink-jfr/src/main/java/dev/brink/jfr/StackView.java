package dev.brink.jfr;

import dev.brink.core.LibraryFamily;
import java.util.List;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * One event's stack read once: the top frame (where the time or the bytes went), the first application frame
 * from the top (the code to change), and the family of the library API that application frame called.
 * Reused for every event of a pass, so reading a stack allocates nothing beyond the parser's own objects.
 */
final class StackView {
    static final String NO_STACK = "(no stack trace)";
    static final String NO_APP_FRAME = "(no application frame)";

    private final MethodNames names;
    String top;
    String appFrame;
    LibraryFamily category;
    List<RecordedFrame> frames;

    StackView(MethodNames names) {
        this.names = names;
    }

    /**
     * Reads {@code stack}. With {@code skipConstructors}, the constructors at the top are passed over: a throw
     * event's stack starts in the exception's own constructor chain, and the site is the frame that called it.
     */
    StackView read(RecordedStackTrace stack, boolean skipConstructors) {
        top = NO_STACK;
        appFrame = NO_APP_FRAME;
        category = LibraryFamily.NONE;
        frames = stack == null ? List.of() : stack.getFrames();
        LibraryFamily topmost = LibraryFamily.NONE;
        LibraryFamily nearestApp = LibraryFamily.NONE;
        boolean skipping = skipConstructors;
        for (RecordedFrame f : frames) {
            String name = names.of(f);
            if (skipping && (name.endsWith(".<init>") || name.startsWith("java.lang.Throwable."))) {
                continue;
            }
            skipping = false;
            if (top == NO_STACK) {
                top = name;
            }
            if (MethodNames.isApplication(name)) {
                appFrame = name;
                break;
            }
            LibraryFamily c = LibraryFamily.of(name);
            if (c != LibraryFamily.NONE) {
                nearestApp = c;
                if (topmost == LibraryFamily.NONE) {
                    topmost = c;
                }
            }
        }
        // the API the application called names the cost; without an application frame, the hottest library does
        category = appFrame == NO_APP_FRAME ? topmost : nearestApp;
        return this;
    }

    String name(RecordedFrame f) {
        return names.of(f);
    }
}
