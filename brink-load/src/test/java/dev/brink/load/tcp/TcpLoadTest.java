package dev.brink.load.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Brink's TCP sessions against an independently written platform of the same protocol, on loopback. */
class TcpLoadTest {

    static String telematics(int port) throws IOException {
        try (InputStream in = TcpLoadTest.class.getResourceAsStream("/tcp/telematics.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("PORT", String.valueOf(port));
        }
    }

    @Test
    void drivesTelematicsSessionsAtTwoThousandPacketsPerSecondWithNoViolation() throws Exception {
        try (TelemetryTestServer server = new TelemetryTestServer()) {
            Plan plan = PlanReader.parse(telematics(server.port()), "telematics.yaml", Path.of("."), k -> null);
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(40), null)) {
                StepResult r = engine.run(LoadStep.open("hold", 1, Duration.ofSeconds(4)));

                assertThat(r.achievedRps()).isCloseTo(2000, within(100.0));
                assertThat(r.errors()).isEmpty();
                assertThat(r.dropped()).isZero();
            }
            // the platform saw what Brink counted, every packet well formed and every session following its rules
            assertThat(server.packets.get()).isGreaterThanOrEqualTo(7_500);
            assertThat(server.badChecksums.get()).isZero();
            assertThat(server.violations.get()).isZero();
            // 52 packets a session (login, 50 data, logout): most sessions ran to their logout
            assertThat(server.logins.get()).isGreaterThan(100);
            assertThat(server.logouts.get()).isGreaterThanOrEqualTo(server.logins.get() - 40);
            assertThat(server.data.get()).isGreaterThan(server.logins.get() * 40);
        }
    }

    @Test
    void aResponseThatNeverFramesIsAnErrorKind() throws Exception {
        try (TelemetryTestServer server = new TelemetryTestServer()) {
            server.mute = true;
            Plan plan = PlanReader.parse(telematics(server.port()).replace("rps: 2000", "rps: 20"), "telematics.yaml", Path.of("."), k -> null);
            LoadOptions options = LoadOptions.defaults().withMaxConnections(4)
                    .withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(300));
            try (LoadEngine engine = LoadEngine.open(plan, options, null)) {
                StepResult r = engine.run(LoadStep.open("hold", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).containsKey("unframed").doesNotContainKey("request-timeout");
                assertThat(r.ok()).isZero();
            }
        }
    }
}
