package com.example.orders;

import dev.brink.core.FindingKind;
import dev.brink.core.summary.RunSummary;
import dev.brink.junit.BrinkAssertions;
import dev.brink.junit.BrinkLoad;
import dev.brink.junit.BrinkTarget;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The capacity search on the service this test starts: fails with Brink's diagnosis when the gate fails. */
class OrdersCapacityTest {
    static Process service;
    static BrinkTarget target;

    @BeforeAll
    static void startService() throws Exception {
        service = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OrdersServer.class.getName(), "0")
                .redirectErrorStream(true).start();
        String line = new BufferedReader(new InputStreamReader(service.getInputStream())).readLine(); // "PORT 41234"
        target = BrinkTarget.http(Integer.parseInt(line.substring(5).trim())).watching(service.pid());
    }

    @AfterAll
    static void stopService() {
        service.destroy();
    }

    @Test
    @BrinkLoad(plan = "perf/orders.yaml", phases = "capacity", failOnFindings = "deadlock")
    void carriesTwiceTheProfile(RunSummary run) {
        BrinkAssertions.assertThat(run).capacityAtLeast(2).metric("capacity.max_rps").isAtLeast(60)
                .hasNoFinding(FindingKind.LOCK_CONTENTION);
    }
}
