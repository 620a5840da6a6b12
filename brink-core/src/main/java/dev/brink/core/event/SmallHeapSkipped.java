package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#SMALL_HEAP_SKIPPED} event: the soak's small heap could not be used (the target was not launched
 * by Brink), so the soak ran on the target as it was.
 *
 * @param reason why, in words
 */
public record SmallHeapSkipped(String reason) implements Event {
}
