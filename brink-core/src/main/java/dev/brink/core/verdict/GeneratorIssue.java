package dev.brink.core.verdict;

/**
 * Why the load generator itself could not be trusted in an interval (generator.jsonl {@code issues}, in the
 * order of {@code reasons}): each says the generator, not the service, set the pace.
 */
public enum GeneratorIssue implements JsonWord {
    /** The event loop or the whole process used more CPU than the limit. */
    CPU,
    /** Requests left the schedule later than the lag limit. */
    SCHEDULE_LAG,
    /** Most of the host's ephemeral ports were in use. */
    EPHEMERAL_PORTS,
    /** The backlog overflowed and requests were dropped. */
    REQUESTS_DROPPED,
    /**
     * The generator is leaking: its own heap-after-GC floor, or its count of loaded classes, kept rising under
     * load (field report 002: a script interpreter inside the generator filled its heap and then its class
     * loader). A run like that measures the tool, not the service.
     */
    LEAKING
}
