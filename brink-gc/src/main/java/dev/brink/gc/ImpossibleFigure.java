package dev.brink.gc;

import dev.brink.core.UserText;

/**
 * A size in a GC log that no JVM prints (above {@link SizeText#MAX_BYTES}): the log was edited or corrupted, and every
 * figure computed from it would be nonsense. Unchecked so the allocation-free parsers need no throws clauses;
 * {@link GcLogReader} turns it into one line naming file:line. No stack trace: it is never printed.
 */
final class ImpossibleFigure extends RuntimeException {
    ImpossibleFigure(CharSequence figure) {
        super("impossible heap figure '" + UserText.quote(figure.toString()) + "': more than 1 PiB, and no JVM heap exceeds"
                + " 16 TiB; expected the sizes the JVM prints (an edited or corrupt GC log?)", null, false, false);
    }
}
