package dev.brink.core.event;

import dev.brink.core.EventType;

/**
 * The {@link EventType#LOAD_CLOSE} event: a load engine closed (it has no fields). brink merge reads a shard without
 * one as a shard whose engine never closed.
 */
public record LoadClose() implements Event {
    public static final LoadClose INSTANCE = new LoadClose();
}
