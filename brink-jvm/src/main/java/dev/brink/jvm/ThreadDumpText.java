package dev.brink.jvm;

import java.lang.management.LockInfo;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * Renders ThreadInfo as jstack prints it (JDK 17 layout), so people and jstack-reading tools read
 * Brink's dumps like any other. JMX exposes no native thread ids or addresses: {@code nid=0x0} stands
 * for "unknown", and monitor identities are identity hash codes ({@code <0x1b6d3586>}), the same ones the
 * JSON form carries. A jstack dump ends with its "JNI global refs" line, which readers (Brink's among them) take as
 * the dump's end: without it a dump reads as cut short in its last thread. JMX does not count JNI references, so the
 * line says so rather than give numbers.
 */
final class ThreadDumpText {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private ThreadDumpText() {
    }

    static String render(ThreadInfo[] infos, Map<Long, Long> cpuNs, String vm, long epochMs) {
        StringBuilder sb = new StringBuilder(16 * 1024);
        sb.append(STAMP.format(LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(epochMs), java.time.ZoneId.systemDefault())))
                .append('\n');
        sb.append("Full thread dump ").append(vm).append(":\n\n");
        for (ThreadInfo ti : infos) {
            if (ti != null) thread(sb, ti, cpuNs.getOrDefault(ti.getThreadId(), -1L));
        }
        sb.append("JNI global refs: unknown (taken over JMX, which does not count them)\n");
        return sb.toString();
    }

    private static void thread(StringBuilder sb, ThreadInfo ti, long cpu) {
        StackTraceElement[] st = ti.getStackTrace();
        Thread.State state = ti.getThreadState();
        String top = st.length > 0 ? st[0].getClassName() + "." + st[0].getMethodName() : "";
        boolean objectWait = top.equals("java.lang.Object.wait") || top.equals("java.lang.Object.wait0");
        boolean parked = top.endsWith("Unsafe.park") || top.startsWith("java.util.concurrent.locks.LockSupport.park");
        boolean sleeping = top.equals("java.lang.Thread.sleep") || top.equals("java.lang.Thread.sleep0")
                || top.equals("java.lang.Thread.sleepNanos0");

        sb.append('"').append(ti.getThreadName()).append("\" #").append(ti.getThreadId());
        if (ti.isDaemon()) sb.append(" daemon");
        sb.append(" prio=").append(ti.getPriority());
        if (cpu >= 0) sb.append(String.format(Locale.ROOT, " cpu=%.2fms", cpu / 1e6));
        sb.append(String.format(Locale.ROOT, " tid=0x%016x nid=0x0 ", ti.getThreadId()));
        sb.append(switch (state) {
            case BLOCKED -> "waiting for monitor entry";
            case WAITING, TIMED_WAITING -> objectWait ? "in Object.wait()" : sleeping ? "sleeping" : "waiting on condition";
            default -> state == Thread.State.RUNNABLE ? "runnable" : state.name().toLowerCase(Locale.ROOT);
        }).append("  [0x0000000000000000]\n");

        sb.append("   java.lang.Thread.State: ").append(state.name());
        if (state == Thread.State.BLOCKED || objectWait) sb.append(" (on object monitor)");
        else if (parked) sb.append(" (parking)");
        else if (sleeping) sb.append(" (sleeping)");
        sb.append('\n');

        MonitorInfo[] monitors = ti.getLockedMonitors();
        LockInfo waitingOn = ti.getLockInfo();
        for (int depth = 0; depth < st.length; depth++) {
            sb.append("\tat ").append(frame(st[depth])).append('\n');
            if (depth == 0 && waitingOn != null) {
                String verb = state == Thread.State.BLOCKED ? "waiting to lock" : objectWait ? "waiting on" : "parking to wait for ";
                sb.append("\t- ").append(verb).append(' ').append(ref(waitingOn)).append('\n');
            }
            for (MonitorInfo m : monitors) {
                if (m.getLockedStackDepth() == depth) sb.append("\t- locked ").append(ref(m)).append('\n');
            }
        }
        sb.append("\n   Locked ownable synchronizers:\n");
        LockInfo[] syncs = ti.getLockedSynchronizers();
        if (syncs.length == 0) {
            sb.append("\t- None\n");
        }
        for (LockInfo s : syncs) {
            sb.append("\t- ").append(ref(s)).append('\n');
        }
        sb.append('\n');
    }

    /** "pkg.Class.method(File.java:12)", "(Native Method)", "(Unknown Source)", as StackTraceElement without the module. */
    static String frame(StackTraceElement e) {
        String where;
        if (e.isNativeMethod()) where = "Native Method";
        else if (e.getFileName() == null) where = "Unknown Source";
        else if (e.getLineNumber() >= 0) where = e.getFileName() + ":" + e.getLineNumber();
        else where = e.getFileName();
        return e.getClassName() + "." + e.getMethodName() + "(" + where + ")";
    }

    static String identity(LockInfo l) {
        return "0x" + Integer.toHexString(l.getIdentityHashCode());
    }

    private static String ref(LockInfo l) {
        return "<" + identity(l) + "> (a " + l.getClassName() + ")";
    }
}
