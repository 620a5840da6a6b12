package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.Test;

/**
 * Brink observes a target through JMX, and its thread dumps, class histograms and samples run in the target as
 * remote MBean calls: the JMX connector's "RMI TCP Connection" threads serialize every thread's stack. In a step's
 * recording that CPU is the monitoring's, not the service's. Here a child JVM (JDK 17, and JDK 25 when present)
 * checksums blocks in one thread under JFR while this test, a remote client as Brink is, dumps its threads over the
 * connector a fixed number of times (however long that takes on this machine, within a bound): the checksum must be
 * the hot method, and the connector's work no hot-method finding at all, though it shows in the recording's hot paths
 * as a remote JMX client's. About 10 s of wall time on a quiet machine.
 */
class JmxMonitoringRecordingTest {
    /** The child's bound: it stops once the test's dumps are done, or at this time at the latest. */
    static final long MAX_RUN_MS = 60_000;
    /** Thread dumps over the connector: a few seconds of the RMI threads' work on a quiet machine. */
    static final int DUMPS = 150;

    @Test
    void aRemoteJmxClientsCallsAreNoHotMethodOfTheService() throws Exception {
        Path tmp = Files.createDirectories(Path.of("target", "jmx-monitoring").toAbsolutePath());
        for (Path jdk : Recordings.jdks()) {
            Path jfr = tmp.resolve(jdk.getFileName() + ".jfr");
            Files.deleteIfExists(jfr);
            int port = freePort();
            List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xmx128m",
                    "-XX:StartFlightRecording:filename=" + jfr + ",settings=profile",
                    "-Dcom.sun.management.jmxremote.port=" + port, "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                    "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Djava.rmi.server.hostname=127.0.0.1",
                    "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
                    "-cp", System.getProperty("brink.test.classes", "target/test-classes"),
                    "dev.brink.jfr.programs.TariffFeed", String.valueOf(MAX_RUN_MS)));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null && !line.equals("READY")) {
                    // the JFR start-up line comes first
                }
                int dumps = dumpThreads(port, p);
                p.getOutputStream().write('\n');
                p.getOutputStream().flush();
                assertThat(dumps).as("thread dumps over the connector before the child's bound").isEqualTo(DUMPS);
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            } finally {
                p.destroyForcibly();
            }
            JfrReport rep = JfrAnalyzer.analyze(jfr, JfrFilter.ALL);
            List<Finding> hot = rep.findings().stream().filter(f -> f.kind() == FindingKind.HOT_METHOD).toList();
            assertThat(hot).as(jdk + ": " + hot).anySatisfy(f -> assertThat(f.subject()).isEqualTo("dev.brink.jfr.programs.TariffFeed.checksum"));
            assertThat(hot).as(jdk + ": " + hot).allSatisfy(f -> assertThat(f.subject()).startsWith("dev.brink.jfr.programs."));
            // the connector's work was sampled, and named as what it is
            assertThat(rep.hotPaths()).as(jdk + ": " + rep.hotPaths())
                    .anySatisfy(h -> assertThat(h.appFrame()).isEqualTo(StackView.JMX_REMOTE));
        }
    }

    /** Dumps the child's threads over JMX {@link #DUMPS} times, as Brink's evidence capture does, while it runs. */
    private static int dumpThreads(int port, Process child) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        int dumps = 0;
        long end = System.currentTimeMillis() + MAX_RUN_MS - 5_000;
        try (JMXConnector c = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection mbs = c.getMBeanServerConnection();
            ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(mbs, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
            while (dumps < DUMPS && System.currentTimeMillis() < end && child.isAlive()) {
                threads.dumpAllThreads(true, true);
                dumps++;
            }
        }
        return dumps;
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
