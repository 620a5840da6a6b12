package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#TARGET_RELAUNCHED} event: the soak relaunched the target on its small heap.
 *
 * @param heap the new maximum heap, as -Xmx takes it ("64m")
 * @param pid  the new process's id
 */
public record TargetRelaunched(String heap, long pid) implements Event {
}
