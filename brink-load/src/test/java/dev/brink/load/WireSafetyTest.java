package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Header injection (CR/LF/NUL) from every source a request's bytes come from: plan paths and header values are
 * refused when the plan is read, env values when the template is compiled, CSV values per request as
 * {@code invalid-value}. The wire test reads what a real socket received.
 */
class WireSafetyTest {
    @TempDir
    Path dir;

    private static final String PLAN = """
            name: p
            target: {base_url: "http://127.0.0.1:8080"}
            profile:
              - name: a
                rps: 1
                request: {path: "PATH", headers: {X-Token: {value: "VALUE", secret: true}}}
            """;

    private Plan parse(String path, String headerValue, Map<String, String> env) throws BrinkUserException {
        return PlanReader.parse(PLAN.replace("PATH", path).replace("VALUE", headerValue), "plan.yaml", dir, env::get);
    }

    @Test
    void aPathWithCrLfIsRefusedWithItsPlace() {
        assertThatThrownBy(() -> parse("/a\\r\\nX-Injected: 1", "v", Map.of()))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("plan.yaml:6:")
                .hasMessageContaining("profile[0].request.path: expected a path without spaces or control characters")
                .hasMessageContaining("got CR at character 3");
        assertThatThrownBy(() -> parse("/a\\0b", "v", Map.of())).hasMessageContaining("got NUL");
        assertThatThrownBy(() -> parse("/a b", "v", Map.of())).hasMessageContaining("got a space");
        // found by LoadInputFuzzTest: a line break inside a placeholder, which trims to a valid name
        assertThatThrownBy(() -> parse("/a${seq\\n}", "v", Map.of())).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("got LF");
        assertThatThrownBy(() -> parse("/a", "${seq\\r}", Map.of())).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("expected a value on one line");
    }

    @Test
    void aSecretHeaderValueWithALineBreakIsNamedNeverShown() {
        for (String bad : new String[] {"SECRET123\\r\\nX-Injected: 1", "SECRET123\\nX: 1", "SECRET123\\0"}) {
            assertThatThrownBy(() -> parse("/a", bad, Map.of()))
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessageContaining("profile[0].request.headers.X-Token: expected a value on one line")
                    .hasMessageNotContaining("SECRET123");
        }
    }

    @Test
    void anEnvValueWithALineBreakIsRefusedByNameNotValue() {
        assertThatThrownBy(() -> parse("/a", "Bearer ${env.TOKEN}", Map.of("TOKEN", "SECRET123\r\nX-Injected: 1")))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("in environment variable TOKEN")
                .hasMessageNotContaining("SECRET123");
        assertThatThrownBy(() -> parse("/${env.P}", "v", Map.of("P", "a\nb")))
                .hasMessageContaining("in environment variable P").hasMessageNotContaining("a\nb");
    }

    @Test
    void recordsRefuseLineBreaksEvenWhenBuiltInCode() {
        assertThatThrownBy(() -> new Plan.Header("Authorization", "Bearer SECRET123\r\nX: 1", false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("SECRET123");
        assertThatThrownBy(() -> new Plan.Request("GET", "/a\r\nX: 1", java.util.List.of(), null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * A CSV row whose value is used in a header holds a NUL, another a space used in the path: those requests
     * count as invalid-value and the server receives only the good rows' requests, byte for byte.
     */
    @Test
    void csvValuesThatCannotGoOnTheWireAreInvalidValueErrors() throws Exception {
        Path csv = dir.resolve("rows.csv");
        Files.write(csv, "id,token\ngood1,t1\nbad path,t2\ngood2,t3\nbad3,t\0x\n".getBytes(StandardCharsets.UTF_8));
        try (RecordingServer server = new RecordingServer()) {
            String yaml = """
                    name: p
                    target: {base_url: "http://127.0.0.1:%d"}
                    data: {csv: rows.csv}
                    profile:
                      - name: a
                        rps: 40
                        request: {path: "/items/${csv.id}", headers: {X-Token: "${csv.token}"}, body: "${csv.token}"}
                    """.formatted(server.port());
            Plan plan = PlanReader.parse(yaml, "plan.yaml", dir, n -> null);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(2), null)) {
                r = engine.run(LoadStep.open("csv", 1, Duration.ofSeconds(1)));
            }
            // 40 requests over the 4 rows in order: every second row is refused
            assertThat(r.errors()).containsEntry("invalid-value", 20L);
            assertThat(r.ok()).isEqualTo(20);
            String wire = server.received();
            assertThat(wire).doesNotContain("\0").doesNotContain("bad");
            assertThat(wire.split("X-Token: ", -1)).hasSize(21);
            // every header line on the wire is one the encoder wrote: Host, X-Token, Content-Length
            for (String head : wire.split("\r\n\r\n")) {
                if (head.isEmpty() || head.matches("t[13]")) continue;
                String h = head.replaceFirst("^t[13]", "");
                assertThat(h.split("\r\n")).hasSize(4);
            }
        }
    }

    /** Closed model, every row invalid: users retry on later ticks (no busy loop), nothing reaches the server. */
    @Test
    void aClosedModelWhoseEveryRowIsInvalidSendsNothingAndEnds() throws Exception {
        Path csv = dir.resolve("bad.csv");
        Files.write(csv, "id\na b\nc d\n".getBytes(StandardCharsets.UTF_8));
        try (RecordingServer server = new RecordingServer()) {
            String yaml = """
                    name: p
                    target: {base_url: "http://127.0.0.1:%d"}
                    data: {csv: bad.csv}
                    profile:
                      - name: a
                        rps: 1
                        request: {path: "/items/${csv.id}"}
                    """.formatted(server.port());
            Plan plan = PlanReader.parse(yaml, "plan.yaml", dir, n -> null);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(2), null)) {
                r = engine.run(LoadStep.closed("closed", 2, Duration.ZERO, Duration.ofSeconds(1)));
            }
            assertThat(r.errors().get("invalid-value")).isPositive();
            assertThat(r.ok()).isZero();
            assertThat(server.received()).isEmpty();
        }
    }

    /** Records every byte received and answers each request head with an empty 200. */
    static final class RecordingServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private final Thread acceptor;

        RecordingServer() throws IOException {
            acceptor = new Thread(this::acceptLoop, "recording-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        synchronized String received() {
            return received.toString(StandardCharsets.ISO_8859_1);
        }

        private void acceptLoop() {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    Thread t = new Thread(() -> serve(s), "recording-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                byte[] buf = new byte[8192];
                int crlfcrlf = 0;
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (this) {
                        received.write(buf, 0, n);
                    }
                    // each request here has a 2-byte body after its head: answer once per head seen
                    for (int i = 0; i < n; i++) {
                        crlfcrlf = (buf[i] == '\r' || buf[i] == '\n') ? crlfcrlf + 1 : 0;
                        if (crlfcrlf == 4) {
                            out.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                            out.flush();
                        }
                    }
                }
            } catch (IOException ignored) {
                // the client closed: the test reads what arrived
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
