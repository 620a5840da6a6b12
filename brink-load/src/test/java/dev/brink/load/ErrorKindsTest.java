package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every error kind, produced for real on 127.0.0.1. */
class ErrorKindsTest {
    private static StepResult run(String url, Plan.Check check, LoadOptions options) throws Exception {
        try (LoadEngine engine = LoadEngine.open(Plans.single(url, 50, check), options, null)) {
            return engine.run(LoadStep.open("errors", 1, Duration.ofSeconds(1)));
        }
    }

    private static StepResult run(TestServer server, TestServer.Mode mode, LoadOptions options) throws Exception {
        server.mode = mode;
        return run(server.url(), Plan.Check.DEFAULT, options);
    }

    @Test
    void connectRefused() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        StepResult r = run("http://127.0.0.1:" + port, Plan.Check.DEFAULT, LoadOptions.defaults().withMaxConnections(4));
        assertThat(r.errors()).containsOnlyKeys("connect-refused");
        assertThat(r.errors().get("connect-refused")).isEqualTo(50);
        assertThat(r.ok()).isZero();
        assertThat(r.errorRate()).isEqualTo(1.0);
    }

    @Test
    void connectTimeoutWhenTheListenQueueIsFull() throws Exception {
        // a listener that never accepts: once its accept queue is full the kernel drops new SYNs
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    Socket f = new Socket();
                    try {
                        f.connect(s.getLocalSocketAddress(), 200);
                    } catch (java.io.IOException full) {
                        // the queue is full already
                    }
                    fillers.add(f);
                }
                StepResult r = run("http://127.0.0.1:" + s.getLocalPort(), Plan.Check.DEFAULT,
                        LoadOptions.defaults().withMaxConnections(2).withTimeouts(Duration.ofMillis(200), Duration.ofSeconds(1)));
                assertThat(r.errors()).containsKey("connect-timeout");
                assertThat(r.ok()).isZero();
            } finally {
                for (Socket f : fillers) f.close();
            }
        }
    }

    @Test
    void requestTimeoutHttp500ResetCheckFailedAndOther() throws Exception {
        try (TestServer server = new TestServer()) {
            // a short request timeout where no answer comes, so that part ends soon; a long one where an answer (a
            // status, a reset, bad bytes) does come, so a machine too busy to deliver it within 200 ms (seen at load 17)
            // still counts the kind the server gave, not a timeout
            LoadOptions silent = LoadOptions.defaults().withMaxConnections(8).withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(200));
            LoadOptions options = LoadOptions.defaults().withMaxConnections(8).withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10));

            StepResult timeout = run(server, TestServer.Mode.NO_RESPONSE, silent);
            assertThat(timeout.errors()).containsOnlyKeys("request-timeout");
            assertThat(timeout.errors().get("request-timeout")).isEqualTo(50);

            server.status = 500;
            StepResult http = run(server, TestServer.Mode.STATUS, options);
            assertThat(http.errors()).containsOnlyKeys("http-500");
            assertThat(http.errors().get("http-500")).isEqualTo(50);
            assertThat(http.corrected().count()).isEqualTo(50); // an HTTP error is still an answer with a latency

            StepResult reset = run(server, TestServer.Mode.RESET, options);
            assertThat(reset.errors()).containsOnlyKeys("reset");
            assertThat(reset.errors().get("reset")).isEqualTo(50);

            server.mode = TestServer.Mode.OK;
            StepResult check = run(server.url(), new Plan.Check(201), options);
            assertThat(check.errors()).containsOnlyKeys("check-failed");
            assertThat(check.errors().get("check-failed")).isEqualTo(50);

            StepResult other = run(server, TestServer.Mode.GARBAGE, options);
            assertThat(other.errors()).containsOnlyKeys("other");
            assertThat(other.errors().get("other")).isEqualTo(50);
        }
    }
}
