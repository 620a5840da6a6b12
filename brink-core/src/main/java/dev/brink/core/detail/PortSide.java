package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** Which side ran out ({@code port-exhaustion}'s {@code side}). */
public enum PortSide implements JsonWord {
    /** The load generator's ephemeral ports. */
    GENERATOR,
    /** A local target's listen queue. */
    TARGET
}
