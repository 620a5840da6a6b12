package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#PHASE_SKIPPED} event: a phase was asked for but could not run (the confirmation, when the capacity
 * search held no multiplier).
 *
 * @param phase  the phase left out
 * @param reason why, in words
 */
public record PhaseSkipped(MethodPhase phase, String reason) implements Event {
}
