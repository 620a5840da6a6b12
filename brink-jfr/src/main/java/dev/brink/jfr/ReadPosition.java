package dev.brink.jfr;

/**
 * How far a {@code RecordingFile} got, in the terms {@link JfrFileCheck#damaged} needs: the ordinal of the event whose
 * bytes made the reading fail. The JDK's reader reads one event ahead — its constructor reads the first event, and each
 * {@code readEvent()} returns the event read before and reads the next — so after n events returned, a failure inside
 * {@code readEvent()} is in event n + 2, and one in the constructor in the first event (or the first chunk's metadata).
 * An event's values that point into a constant pool are resolved when they are used: a failure while the analysis uses
 * event n is in event n.
 */
final class ReadPosition {
    private boolean opened;
    private boolean using;
    private long returned;

    /** The reader's constructor returned. */
    void open() {
        opened = true;
    }

    /** readEvent() returned an event: the analysis uses it next. */
    void returned() {
        returned++;
        using = true;
    }

    /** readEvent() is called next: a failure now is the reader's. */
    void reading() {
        using = false;
    }

    /** Whether the reader opened the recording (read the first chunk's metadata, constant pools and first event). */
    boolean opened() {
        return opened;
    }

    /** The 1-based ordinal, among events (metadata and constant-pool records not counted), of the one that failed. */
    long failedEvent() {
        if (!opened) {
            return 1;
        }
        return using ? returned : returned + 2;
    }
}
