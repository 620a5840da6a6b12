package dev.brink.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Child JVM for HeapCommandTest: fills a static map (the leak) with N entries, dumps its live heap, exits. */
public final class HeapDumpingChild {
    static final Map<Integer, String> SESSIONS = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        for (int i = 0; i < n; i++) {
            SESSIONS.put(i, "session " + i + " of user " + (i * 31));
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
    }
}
