package dev.brink.threads;

/** The formats Brink reads; detected from content, never from the file name. */
public enum DumpFormat {
    /** jstack / jcmd Thread.print / kill -3 text, JDK 8 to 25; several dumps may share one file. */
    JSTACK_TEXT,
    /** JDK 21+ {@code jcmd PID Thread.dump_to_file FILE}, plain text: PID, time and version lines, then threads. */
    JDK_TEXT,
    /** JDK 21+ {@code jcmd PID Thread.dump_to_file -format=json}. */
    JDK_JSON,
    /** Brink's observer: {@link dev.brink.core.evidence.ThreadDumpDoc}, format "brink-thread-dump/1". */
    BRINK_JSON
}
