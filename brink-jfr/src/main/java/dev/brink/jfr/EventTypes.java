package dev.brink.jfr;

import jdk.jfr.consumer.RecordedEvent;

/**
 * An event's type name as the open-source JDK names it. Oracle JDK 9 and 10 wrote JFR's format 1.0 with their events
 * under {@code com.oracle.jdk.} (com.oracle.jdk.GarbageCollection, com.oracle.jdk.ObjectAllocationInNewTLAB); JDK 11
 * renamed them {@code jdk.} when it open-sourced the recorder, keeping the fields the analysis reads (objectClass,
 * allocationSize, gcId, heapUsed, sumOfPauses, stackTrace…). The JDK's parser reads both formats and keeps the names
 * the file has, so read by name the older files looked empty: "JVM not recorded", no collection, no allocation, no
 * finding — a clean bill of health for a JVM whose recording Brink had not read. JMC reads them as one.
 */
final class EventTypes {
    private static final String ORACLE = "com.oracle.jdk.";

    private EventTypes() {
    }

    /** "jdk.X" for both "jdk.X" and Oracle JDK 9/10's "com.oracle.jdk.X"; any other name as it is. */
    static String name(RecordedEvent e) {
        return name(e.getEventType().getName());
    }

    static String name(String type) {
        return type.startsWith(ORACLE) ? "jdk." + type.substring(ORACLE.length()) : type;
    }

    /** The name Oracle JDK 9 and 10 gave the event the open-source JDK calls {@code jdkName} ("jdk.X"). */
    static String oracle(String jdkName) {
        return "com.oracle." + jdkName;
    }
}
