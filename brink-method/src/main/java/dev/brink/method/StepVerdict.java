package dev.brink.method;

import java.util.List;

/**
 * The judgement of one step: ok, degraded (with every rule it broke, in rule order), or generator-bound
 * (the load generator, not the target, could not keep up: never counted as the target's limit).
 */
public record StepVerdict(Kind kind, List<Degradation> degradations, String generatorReason) {
    public enum Kind {
        OK("ok"), DEGRADED("degraded"), GENERATOR_BOUND("generator-bound"),
        /** Other processes saturated the machine: the step measured the machine, neither the target nor the generator. */
        HOST_SATURATED("host-saturated");

        private final String json;

        Kind(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }

    /** A step other processes saturated the host in; {@code why} names who was short of CPU and who took it. */
    static StepVerdict hostSaturated(String why) {
        return new StepVerdict(Kind.HOST_SATURATED, List.of(), why);
    }

    public StepVerdict {
        degradations = List.copyOf(degradations);
        if (kind == Kind.DEGRADED && degradations.isEmpty()) {
            throw new IllegalArgumentException("a degraded step needs at least one broken rule");
        }
    }

    /** The sentences a report shows for this step: the broken rules, or why the generator was the limit. */
    public List<String> reasons() {
        if (kind == Kind.GENERATOR_BOUND || kind == Kind.HOST_SATURATED) {
            return List.of(generatorReason);
        }
        return degradations.stream().map(Degradation::text).toList();
    }
}
