package dev.brink.gc;

/** A streaming parser of one GC-log format: fed every line in order, then {@link #end()} once per file. */
interface LineParser {
    /** One line without its terminator; {@code lineNo} counts from 1 in the current file. */
    void line(String line, long lineNo);

    /** The file ended: flush a pending multi-line event. */
    void end();
}
