package dev.brink.jvm.agent;

import java.io.File;
import java.lang.reflect.Method;

/**
 * Exits the JVM once the Brink process that launched it is gone. Brink is known by its pid and its start instant
 * (a pid alone may be reused by a new process after Brink died). Polled every {@value #EVERY_MS} ms: a launched target
 * is gone within a second of Brink, even after a SIGKILL no shutdown hook of Brink's could see. {@code System.exit}
 * runs the target's own shutdown hooks; a JVM still there {@value #HALT_AFTER_MS} ms later is halted.
 */
final class Watchdog implements Runnable {
    static final long EVERY_MS = 250;
    static final long HALT_AFTER_MS = 5000;

    private final long ppid;
    private final long pstart;

    Watchdog(long ppid, long pstart) {
        this.ppid = ppid;
        this.pstart = pstart;
    }

    void startThread() {
        Thread t = new Thread(this, "brink-watchdog");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            while (alive()) {
                Thread.sleep(EVERY_MS);
            }
        } catch (InterruptedException e) {
            return;
        }
        System.err.println("brink agent: Brink (pid " + ppid + ") that launched this JVM is gone: exiting");
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(HALT_AFTER_MS);
            } catch (InterruptedException e) {
                // halted below all the same
            }
            Runtime.getRuntime().halt(143);
        }, "brink-watchdog-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(143);
    }

    /** Whether Brink still runs: Java 9+ by ProcessHandle (pid and start instant), Java 8 by /proc/PID. */
    boolean alive() {
        try {
            Class<?> handles = Class.forName("java.lang.ProcessHandle");
            Object opt = handles.getMethod("of", long.class).invoke(null, ppid);
            Method isPresent = opt.getClass().getMethod("isPresent");
            if (!(Boolean) isPresent.invoke(opt)) return false;
            Object h = opt.getClass().getMethod("get").invoke(opt);
            if (!(Boolean) handles.getMethod("isAlive").invoke(h)) return false;
            if (pstart <= 0) return true;
            Object info = handles.getMethod("info").invoke(h);
            Object start = info.getClass().getMethod("startInstant").invoke(info);
            if (!(Boolean) start.getClass().getMethod("isPresent").invoke(start)) return true;
            Object instant = start.getClass().getMethod("get").invoke(start);
            long ms = (Long) instant.getClass().getMethod("toEpochMilli").invoke(instant);
            return ms == pstart;
        } catch (ClassNotFoundException e) {
            return new File("/proc/" + ppid).exists();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // cannot tell: never kill a target on a doubt
        }
    }
}
