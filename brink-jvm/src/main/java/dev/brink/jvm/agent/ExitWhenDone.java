package dev.brink.jvm.agent;

import java.util.Map;
import javax.management.remote.JMXConnectorServer;

/**
 * Stops the connector once the application is done, so the JVM can exit: exported RMI objects keep a non-daemon thread
 * ("RMI Reaper") alive, and a program whose {@code main} returned would otherwise never end (the JDK's own agent
 * avoids that with an internal exporter). Done means the JVM's {@code DestroyJavaVM} thread waits (main returned) and
 * no other non-daemon thread is left but RMI's own.
 */
final class ExitWhenDone {
    private final JMXConnectorServer server;

    ExitWhenDone(JMXConnectorServer server) {
        this.server = server;
    }

    void run() throws Exception {
        while (true) {
            Thread.sleep(500);
            if (done(Thread.getAllStackTraces())) {
                server.stop();
                return;
            }
        }
    }

    static boolean done(Map<Thread, StackTraceElement[]> threads) {
        boolean mainReturned = false;
        for (Thread t : threads.keySet()) {
            if (!t.isAlive()) continue;
            if (t.getName().equals("DestroyJavaVM")) {
                mainReturned = true;
            } else if (!t.isDaemon() && !t.getName().startsWith("RMI ")) {
                return false;
            }
        }
        return mainReturned;
    }
}
