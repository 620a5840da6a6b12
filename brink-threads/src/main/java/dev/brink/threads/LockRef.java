package dev.brink.threads;

import java.util.Objects;

/**
 * A monitor or synchronizer as a dump names it: its class and its identity within that dump (an address
 * "0x000000069ec1a038" in jstack text, an identity hash "0x1825611c" in JSON). Two LockRefs with the same
 * identity in one dump are the same object; across dumps of one JVM they usually are too (objects rarely move
 * once old), which is how contention is counted over a series.
 */
public record LockRef(String className, String identity) {
    public LockRef {
        Objects.requireNonNull(identity, "identity");
        className = className == null ? "?" : className;
    }

    /** "LockContention$SlowAuditLogger <0x000000069ec1a038>" */
    public String display() {
        return simpleName(className) + " <" + identity + ">";
    }

    static String simpleName(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
