package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#RUN_END} event: the method finished and wrote summary.json. A run directory without it is a run
 * that was killed (or is still running): the report says so.
 *
 * @param interrupted whether the run was cut short (Ctrl-C, a deadline) before its phases ended
 */
public record RunEnd(boolean interrupted) implements Event {
}
