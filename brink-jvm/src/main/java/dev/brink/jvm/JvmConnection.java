package dev.brink.jvm;

import java.io.Closeable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;

/**
 * An open JMX connection to one target JVM, plus the process Brink launched for it (if any).
 * Closing it closes the connection and stops a launched process (SIGTERM, then SIGKILL after 5 s).
 * The connection is thread-safe (RMI); close is idempotent.
 */
final class JvmConnection implements Closeable {
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;
    private final long pid;
    private final Process launched;
    private final String display;
    private final String vm;
    private final String vmName;
    private final String vmVersion;
    private final long startTimeMs;
    private volatile boolean closed;
    private volatile java.nio.file.Path removeOnClose;

    JvmConnection(JMXConnector connector, long pid, Process launched, String display) throws IOException {
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
        this.launched = launched;
        this.display = display;
        RuntimeMXBean rt = ManagementFactory.newPlatformMXBeanProxy(mbeans, ManagementFactory.RUNTIME_MXBEAN_NAME, RuntimeMXBean.class);
        this.vmName = rt.getVmName();
        this.vmVersion = rt.getVmVersion();
        this.vm = vmName + " " + vmVersion;
        this.startTimeMs = rt.getStartTime();
        this.pid = pid > 0 ? pid : remotePid(rt);
    }

    /** RuntimeMXBean.getPid is Java 10+, and the name is "pid@host" on HotSpot; -1 if neither says. */
    private static long remotePid(RuntimeMXBean rt) {
        String name = rt.getName();
        int at = name.indexOf('@');
        try {
            return at > 0 ? Long.parseLong(name.substring(0, at)) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Deletes {@code dir} and its files when closed (where a launched target's agent reported its address). */
    JvmConnection removingOnClose(java.nio.file.Path dir) {
        removeOnClose = dir;
        return this;
    }

    MBeanServerConnection mbeans() {
        return mbeans;
    }

    /** The target's process id (for a remote target as the target reports it), or -1. */
    long pid() {
        return pid;
    }

    /** "OpenJDK 64-Bit Server VM 17.0.16+8-…". */
    String vm() {
        return vm;
    }

    /** "OpenJDK 64-Bit Server VM (17.0.16+8-…)", as jstack's "Full thread dump" line names it. */
    String vmHeader() {
        return vmName + " (" + vmVersion + ")";
    }

    /** The target JVM's start, epoch milliseconds; GC times are relative to it. */
    long startTimeMs() {
        return startTimeMs;
    }

    String display() {
        return display;
    }

    boolean isLocal() {
        return launched != null || display.startsWith("pid ");
    }

    Process launched() {
        return launched;
    }

    /** Whether the target still runs, as far as this side can tell without JMX (remote: unknown → true). */
    boolean processAlive() {
        if (launched != null) return launched.isAlive() && (pid <= 0 || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        if (isLocal()) return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        return true;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            connector.close();
        } catch (IOException | RuntimeException e) {
            // the target may already be gone; nothing left to release on our side
        }
        if (launched != null) {
            stop(launched);
        }
        java.nio.file.Path dir = removeOnClose;
        if (dir != null) {
            try (var files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) java.nio.file.Files.deleteIfExists(f);
                java.nio.file.Files.deleteIfExists(dir);
            } catch (IOException | RuntimeException e) {
                // a temporary directory of a few bytes: nothing depends on it any more
            }
        }
    }

    static void stop(Process p) {
        // descendants first: a launcher script's JVM must not outlive it
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }
}
