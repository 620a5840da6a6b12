package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the log states about the JVM; each field empty / -1 when the log does not say.
 *
 * @param collector   "G1", "Serial", "Parallel", "ZGC", "Generational ZGC", "Shenandoah", "CMS"
 * @param jvmVersion  the version line as logged
 * @param maxHeap     bytes (-Xmx)
 * @param initialHeap bytes (-Xms)
 * @param cpus        CPUs available to the JVM
 * @param commandLine the JDK 8 "CommandLine flags:" line
 * @param regionSize  bytes of a G1 heap region ("Heap Region Size: 1M"), -1 for other collectors
 * @param maxMetaspace bytes of -XX:MaxMetaspaceSize when the log states it (the report the JVM logs as it throws
 *                    OutOfMemoryError: Metaspace), -1 otherwise
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record JvmSettings(String collector, @JsonProperty("jvm_version") String jvmVersion,
                          @JsonProperty("max_heap") long maxHeap, @JsonProperty("initial_heap") long initialHeap,
                          int cpus, @JsonProperty("command_line") String commandLine,
                          @JsonProperty("region_size") long regionSize,
                          @JsonProperty("max_metaspace") long maxMetaspace) {
    public JvmSettings {
        collector = collector == null ? "" : collector;
        jvmVersion = jvmVersion == null ? "" : jvmVersion;
        commandLine = commandLine == null ? "" : commandLine;
    }

    static final JvmSettings NONE = new JvmSettings("", "", -1, -1, -1, "", -1, -1);
}
