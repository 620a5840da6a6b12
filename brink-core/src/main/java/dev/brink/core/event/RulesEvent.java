package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#RULES} event: every degradation rule's limit, as printed before the first step.
 *
 * @param text the rules in words, one per line
 */
public record RulesEvent(String text) implements Event {
}
