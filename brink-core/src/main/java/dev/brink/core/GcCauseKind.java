package dev.brink.core;

import dev.brink.core.verdict.JsonWord;

/**
 * Why HotSpot started a collection, grouped by what a person must change. The JVM names the cause of every
 * collection with one of the strings of its {@code GCCause::to_string} (gcCause.cpp; the same words in a GC log's
 * "Pause Full (System.gc())", in JFR's {@code jdk.GarbageCollection.cause} and in a GC notification's
 * {@code getGcCause()}), so one classifier serves logs, recordings and the live observer.
 *
 * <p>The grouping follows what the collection says about the heap:
 * <ul>
 *   <li>{@link #HEAP}: the heap (or a generation of it) ran out of room or a collector's heuristic saw it coming
 *   ("Allocation Failure", "G1 Evacuation Pause", "Ergonomics", ZGC's "Allocation Rate"…). Only these say the heap
 *   is too small, too busy or leaking.</li>
 *   <li>{@link #EXPLICIT}: {@code System.gc()}. The heap may be nearly empty; more heap changes nothing.</li>
 *   <li>{@link #METADATA}: class metadata reached the metaspace's high-water mark ("Metadata GC Threshold"), or could
 *   not be allocated even after that ("Metadata GC Clear Soft References", JDK 8's "Last ditch collection"). The
 *   JVM collects the heap only to unload classes: the heap's size is not the question.</li>
 *   <li>{@link #HUMONGOUS}: G1 started a cycle because an object of half a region or more was allocated.</li>
 *   <li>{@link #GC_LOCKER}: a thread left a JNI critical region (GetPrimitiveArrayCritical) that had held a
 *   collection back.</li>
 *   <li>{@link #CODE_CACHE}: compiled code filled the code cache and a collection unloads old code.</li>
 *   <li>{@link #TOOL}: a tool asked (a heap dump, a class histogram, {@code jcmd GC.run}, JVMTI).</li>
 *   <li>{@link #OTHER}: periodic and internal triggers, and causes this classifier does not know.</li>
 * </ul>
 */
public enum GcCauseKind implements JsonWord {
    HEAP, EXPLICIT, METADATA, HUMONGOUS, GC_LOCKER, CODE_CACHE, TOOL, OTHER;

    /** The cause string of {@code System.gc()}. */
    public static final String SYSTEM_GC = "System.gc()";

    /** The kind of a HotSpot cause string; {@link #OTHER} for null, "" and unknown words. */
    public static GcCauseKind of(String cause) {
        if (cause == null || cause.isEmpty()) {
            return OTHER;
        }
        return switch (cause) {
            case SYSTEM_GC -> EXPLICIT;
            case "Metadata GC Threshold", "Metadata GC Clear Soft References", "Last ditch collection" -> METADATA;
            case "G1 Humongous Allocation" -> HUMONGOUS;
            case "GCLocker Initiated GC" -> GC_LOCKER;
            case "CodeCache GC Threshold", "CodeCache GC Aggressive", "Codecache GC Threshold" -> CODE_CACHE;
            case "Heap Inspection Initiated GC", "Heap Dump Initiated GC", "Diagnostic Command",
                 "JvmtiEnv ForceGarbageCollection", "FullGCAlot", "ScavengeAlot", "Allocation Profiler" -> TOOL;
            case "Allocation Failure", "Ergonomics", "G1 Evacuation Pause", "G1 Compaction Pause",
                 "G1 Preventive Collection", "Tenured Generation Full", "Old Generation Expanded On Last Scavenge",
                 "Old Generation Too Full To Scavenge", "CMS Generation Full", "CMS Initial Mark", "CMS Final Remark",
                 "CMS Concurrent Mark", "Adaptive Size Policy", "Allocation Rate", "Allocation Stall", "Warmup",
                 "Proactive", "High Usage", "Timer", "Allocation Failure During Evacuation", "Concurrent GC",
                 "Upgrade To Full GC", "Evacuation Failure" -> HEAP;
            default -> cause.startsWith("WhiteBox") ? TOOL : OTHER;
        };
    }

    /** "explicit", "gc-locker": the word in JSON and in finding details. */
    public String jsonName() {
        return json();
    }
}
