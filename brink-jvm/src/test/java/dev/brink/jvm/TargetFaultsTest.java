package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.core.line.JvmSample;
import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.SteadyMain;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets that are wrong or go away: one clear line for the user, valid files for the run. */
class TargetFaultsTest {

    @Test
    void exitedProcessIsNoRunningProcess() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> JvmObserver.attach(JvmTarget.pid(p.pid())))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("no running process with PID " + p.pid());
    }

    @Test
    void processThatIsNotAJvmIsRefusedInOneLine() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            assertThatThrownBy(() -> JvmObserver.attach(JvmTarget.pid(sleep.pid())))
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessageStartingWith("PID " + sleep.pid() + " is not a JVM")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            // attach signals SIGQUIT, which would have killed it: Brink must not even try
            assertThat(sleep.isAlive()).as("the non-JVM process survives").isTrue();
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void refusedJmxPortIsOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nobody listens there now
        }
        int p = port;
        assertThatThrownBy(() -> JvmObserver.attach(JvmTarget.jmx("127.0.0.1:" + p)))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("cannot connect to JMX at 127.0.0.1:" + p + ": ")
                .hasMessageContaining("refused")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void malformedTargetsAreUserErrors() {
        for (String bad : List.of("host:abc", "host:0", ":9010", "host:", "notapid", "0", "99999999999999999999")) {
            assertThatThrownBy(() -> JvmTarget.parse(bad)).as(bad).isInstanceOf(BrinkUserException.class);
        }
        assertThatThrownBy(() -> JvmTarget.launch(List.of())).isInstanceOf(BrinkUserException.class);
    }

    @Test
    void targetDyingMidWatchIsRecordedAndFilesStayValid(@TempDir Path dir) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (ChildJvm child = ChildJvm.start(ChildJvm.JDK17, SteadyMain.class, List.of("-Xmx64m"), Children.LIFETIME_S);
             JvmObserver obs = JvmObserver.attach(JvmTarget.pid(child.pid()))) {
            List<String> died = new ArrayList<>();
            obs.addListener(new JvmListener() {
                @Override
                public void onTargetDied(JvmSample last, String message) {
                    died.add(message);
                }
            });
            obs.start(run, Duration.ofMillis(200));
            long deadline = System.currentTimeMillis() + 30_000;
            while (obs.latest().isEmpty() && System.currentTimeMillis() < deadline) Thread.sleep(50);
            assertThat(obs.latest()).as("a sample before the kill").isPresent();
            child.kill();
            assertThat(obs.awaitTargetDeath(Duration.ofSeconds(30))).as("death noticed").isTrue();
            assertThat(obs.targetAlive()).isFalse();
            assertThat(obs.deathMessage()).isEqualTo("target pid " + child.pid() + " exited");
            obs.close();
            assertThat(died).containsExactly(obs.deathMessage());
        }
        List<JsonNode> events = JvmFiles.lines(run.file(RunDirectory.EVENTS));
        JsonNode death = events.stream().filter(e -> e.get("type").asText().equals("target-died")).findFirst().orElseThrow();
        assertThat(death.get("message").asText()).contains("exited");
        assertThat(death.get("last_sample").get("heap").get("used").asLong()).isPositive();
        assertThat(JvmFiles.lines(run.file(RunDirectory.JVM))).isNotEmpty(); // every line parses
    }

    @Test
    void launchedTargetIsAttachedAndStoppedAtClose(@TempDir Path dir) throws Exception {
        JvmObserver obs = JvmObserver.attach(JvmTarget.launch(
                ChildJvm.command(ChildJvm.JDK17, SteadyMain.class, List.of("-Xmx64m"), Children.LIFETIME_S)));
        long pid = obs.pid();
        try {
            assertThat(ProcessHandle.of(pid)).get().matches(ProcessHandle::isAlive);
            assertThat(obs.sampleNow().threads().live()).isPositive();
            assertThat(obs.vm()).contains("17.");
        } finally {
            obs.close();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("launched target stopped").isFalse();
    }

    @Test
    void launchedCommandThatExitsIsOneLine() {
        List<String> cmd = List.of(ChildJvm.JDK17.resolve("bin/java").toString(), "-cp", "/nonexistent", "NoSuchMain");
        assertThatThrownBy(() -> JvmObserver.attach(JvmTarget.launch(cmd)))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("launched command exited with code 1 before Brink could connect");
    }

    @Test
    void remoteJmxTargetIsSampled(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> jmx = List.of("-Xmx64m", "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1", "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false");
        try (ChildJvm child = ChildJvm.start(ChildJvm.JDK17, SteadyMain.class, jmx, Children.LIFETIME_S);
             JvmObserver obs = JvmObserver.attach(JvmTarget.jmx("127.0.0.1:" + port))) {
            assertThat(obs.pid()).isEqualTo(child.pid());
            assertThat(obs.target().toString()).isEqualTo("jmx 127.0.0.1:" + port);
            JvmSample s = obs.sampleNow();
            assertThat(s.heap().max()).isEqualTo(64L << 20);
            assertThat(s.pools()).containsKey("G1 Old Gen");
        }
    }
}
