package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;
import dev.brink.core.line.JvmSample;

/**
 * The {@link EventType#TARGET_DIED} event: the observed target JVM died (its process exited or its JMX connection was
 * lost). Written by the JVM observer, read by the report (the timeline's mark, the line under the verdicts).
 *
 * @param message    what was seen, in words
 * @param pid        the target's process id, -1 when unknown
 * @param lastSample the last jvm.jsonl line sampled before it died; null when none was
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetDied(String message, long pid, JvmSample lastSample) implements Event {
}
