package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.SteadyMain;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Remote JMX with password authentication: credentials come from the environment and never reach a message. */
class RemoteJmxAuthTest {
    private static final String SECRET = "s3cr3t-Pa55";

    @Test
    void credentialsFromEnvironmentWorkAndAWrongPasswordIsNeverPrinted(@TempDir Path dir) throws Exception {
        Path passwords = dir.resolve("jmx.password");
        Files.writeString(passwords, "brink " + SECRET + "\n");
        Files.setPosixFilePermissions(passwords, PosixFilePermissions.fromString("rw-------")); // the JVM insists
        Path access = dir.resolve("jmx.access");
        Files.writeString(access, "brink readwrite\n");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> jmx = List.of("-Xmx64m", "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1", "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.authenticate=true",
                "-Dcom.sun.management.jmxremote.password.file=" + passwords,
                "-Dcom.sun.management.jmxremote.access.file=" + access);
        JvmTarget target = JvmTarget.jmx("127.0.0.1:" + port);
        try (ChildJvm child = ChildJvm.start(ChildJvm.JDK17, SteadyMain.class, jmx, Children.LIFETIME_S)) {
            String wrong = SECRET + "-wrong";
            Map<String, String> bad = Map.of(Connector.ENV_USER, "brink", Connector.ENV_PASSWORD, wrong);
            assertThatThrownBy(() -> JvmObserver.attach(target, bad::get))
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessage("JMX at 127.0.0.1:" + port + " rejected the credentials (set BRINK_JMX_USER and BRINK_JMX_PASSWORD)")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(wrong).doesNotContain(SECRET));
            assertThatThrownBy(() -> JvmObserver.attach(target, name -> null)).isInstanceOf(BrinkUserException.class);

            Map<String, String> good = Map.of(Connector.ENV_USER, "brink", Connector.ENV_PASSWORD, SECRET);
            try (JvmObserver obs = JvmObserver.attach(target, good::get)) {
                assertThat(obs.pid()).isEqualTo(child.pid());
                assertThat(obs.target().toString()).doesNotContain(SECRET);
                assertThat(obs.sampleNow().toString()).doesNotContain(SECRET);
            }
        }
    }

    @Test
    void targetParserOnlyThrowsUserErrorsOnMutatedInput() {
        Random rnd = new Random(42); // fixed seed: a failure reproduces
        String[] seeds = {"1234", "127.0.0.1:9010", "[::1]:9010", "service:jmx:rmi:///jndi/rmi://h:1/jmxrmi", "host:65535"};
        String alphabet = "0123456789:[]./-abcxyz \t\u00e9\u0000%";
        for (int i = 0; i < 5000; i++) {
            StringBuilder s = new StringBuilder(seeds[rnd.nextInt(seeds.length)]);
            for (int m = rnd.nextInt(4); m >= 0; m--) {
                int at = s.length() == 0 ? 0 : rnd.nextInt(s.length());
                switch (rnd.nextInt(3)) {
                    case 0 -> s.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                    case 1 -> { if (s.length() > 0) s.deleteCharAt(at); }
                    default -> { if (s.length() > 0) s.setCharAt(at, alphabet.charAt(rnd.nextInt(alphabet.length()))); }
                }
            }
            try {
                JvmTarget.parse(s.toString());
            } catch (BrinkUserException expected) {
                assertThat(expected.getMessage()).doesNotContain("\n");
            }
        }
    }
}
