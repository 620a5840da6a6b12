package dev.brink.jvm.agent;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.net.URLDecoder;
import java.util.HashMap;
import java.util.Map;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;

/**
 * The agent Brink puts into a JVM it launches ({@code -javaagent:}, or {@code JAVA_TOOL_OPTIONS} for a script), so that
 * two promises hold however the target is started:
 * <ol>
 *   <li><b>Nothing listens beyond 127.0.0.1.</b> The JDK's local management agent ({@code startLocalManagementAgent},
 *   what attaching by PID starts) binds its RMI port on the wildcard address and only closes foreign peers after
 *   accepting them. This agent starts a JMX connector of its own instead, whose server socket is bound to the loopback
 *   address ({@link LoopbackServerSocketFactory}) and whose stub connects there whatever host name RMI advertises
 *   ({@link LoopbackClientSocketFactory}), and writes its address to {@code dir/jmx-PID.url} (atomically: a temporary
 *   file renamed) for Brink to connect to.</li>
 *   <li><b>The target never outlives Brink.</b> A daemon thread ({@link Watchdog}) checks every 250 ms that the Brink
 *   process that launched it (its pid and start instant) still runs, and exits the JVM when it does not, even after
 *   Brink was SIGKILLed and could tidy nothing.</li>
 * </ol>
 * Compiled for Java 8 (a separate compiler execution), so a target on an old JDK still starts; Java 9+ APIs are reached
 * by reflection. Arguments: {@code ppid=N,pstart=EPOCH_MS,dir=URL-ENCODED-PATH}.
 */
public final class BrinkAgent {
    private BrinkAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args);
    }

    static void start(String args) {
        Map<String, String> a = parse(args);
        long ppid = Long.parseLong(a.get("ppid"));
        long pstart = Long.parseLong(a.get("pstart"));
        new Watchdog(ppid, pstart).startThread();
        String dir = a.get("dir");
        // the connector in its own thread: the management classes take a moment to load, the application need not wait
        Thread jmx = new Thread(() -> serveJmx(dir), "brink-agent-jmx");
        jmx.setDaemon(true);
        jmx.start();
    }

    static Map<String, String> parse(String args) {
        Map<String, String> out = new HashMap<>();
        for (String kv : (args == null ? "" : args).split(",")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                try {
                    out.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), "UTF-8"));
                } catch (IOException e) {
                    throw new IllegalArgumentException(e);
                }
            }
        }
        return out;
    }

    private static void serveJmx(String dir) {
        try {
            // as the JDK's own local agent does: object ids an observer of the wire cannot guess
            if (System.getProperty("java.rmi.server.randomIDs") == null) System.setProperty("java.rmi.server.randomIDs", "true");
            Map<String, Object> env = new HashMap<>();
            env.put(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, new LoopbackServerSocketFactory());
            env.put(RMIConnectorServer.RMI_CLIENT_SOCKET_FACTORY_ATTRIBUTE, new LoopbackClientSocketFactory());
            JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(new JMXServiceURL("rmi", "127.0.0.1", 0),
                    env, ManagementFactory.getPlatformMBeanServer());
            server.start();
            write(new File(dir, "jmx-" + pid() + ".url"), server.getAddress().toString());
            new ExitWhenDone(server).run();
        } catch (Exception | LinkageError e) {
            System.err.println("brink agent: no JMX connector for Brink: " + e);
        }
    }

    /** Written to a temporary name and renamed, so Brink never reads half an address. */
    private static void write(File file, String text) throws IOException {
        File tmp = new File(file.getParentFile(), file.getName() + ".tmp");
        try (OutputStream out = new FileOutputStream(tmp)) {
            out.write(text.getBytes("UTF-8"));
        }
        if (!tmp.renameTo(file)) throw new IOException("cannot rename " + tmp + " to " + file);
    }

    /** This JVM's pid: "pid@host" from the runtime's name (Java 8 has no ProcessHandle). */
    static long pid() {
        String name = ManagementFactory.getRuntimeMXBean().getName();
        int at = name.indexOf('@');
        return Long.parseLong(at > 0 ? name.substring(0, at) : name);
    }
}
