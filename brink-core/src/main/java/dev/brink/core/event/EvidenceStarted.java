package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#EVIDENCE_STARTED} event: a recording that is written later began on the target.
 *
 * @param kind what it records
 * @param name its name on the target (a JFR recording's name)
 */
public record EvidenceStarted(EvidenceKind kind, String name) implements Event {
}
