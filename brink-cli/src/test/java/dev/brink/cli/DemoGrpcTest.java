package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field report 004 end to end, from one run of {@code brink demo --scenario grpc --quick}: the gRPC order service
 * launched with -Xmx256m -Xmn250m, the whole method through a gRPC plan (reflection), and the closing block and
 * summary.json with the capacity and the old-generation finding with its -XX:NewRatio advice. Every assertion reads
 * that one run (about 90 s on an idle 2-core machine, more on a loaded one).
 */
@MeasuresHost
class DemoGrpcTest {

    @TempDir
    Path dir;

    @Test
    void theQuickGrpcDemoEndsWithTheCapacityAndTheOldGenerationFinding() throws Exception {
        QuickDemo demo = QuickDemo.run(dir, "grpc");
        BrinkRun r = demo.run;
        Path out = demo.out;
        JsonNode s = demo.summary;
        assertThat(s.get("interrupted").asBoolean()).as(r.out).isFalse();
        // the capacity, in the closing block as in summary.json
        JsonNode capacity = s.get("capacity");
        // the closing block's sentence is the one rendered from summary.json's typed verdict
        assertThat(r.out).contains(dev.brink.report.Verdicts.capacity(dev.brink.core.Json.MAPPER.treeToValue(capacity,
                dev.brink.core.summary.CapacityResult.class)));
        String limitedBy = capacity.get("limited_by").asText();
        if (limitedBy.equals("generator")) {
            // a host so slow that the generator fell behind its own schedule (seen in a fresh-clone CI at 20-28 %
            // hypervisor steal): the search stops on what it measured, the generator, and the run says why
            assertThat(demo.findings(FindingKind.GENERATOR_BOUND)).as(r.out).isNotEmpty();
        } else if (!limitedBy.equals("host-saturated")) {
            // an idle machine: the slow handlers (~300 calls/s) break the search within its steps, above the profile
            assertThat(capacity.get("max_multiplier").asInt()).as(r.out).isPositive();
            assertThat(limitedBy).as(r.out).isIn("errors", "latency", "throughput");
        }
        // the gRPC calls were answered: reflection found the methods, the first step measured the service
        JsonNode first = capacity.get("steps").get(0);
        assertThat(first.get("achieved_rps").asDouble()).as(r.out).isGreaterThan(50);
        assertThat(first.get("error_rate").asDouble()).as(r.out).isLessThan(0.5);

        JsonNode oldGen = null;
        for (JsonNode f : demo.findings(FindingKind.HEAP_TOO_SMALL)) {
            if (f.get("title").asText().startsWith("Old generation too small")) {
                oldGen = f;
            }
        }
        assertThat(oldGen).as(r.out).isNotNull();
        assertThat(oldGen.get("title").asText())
                .containsPattern("old generation \\d+ KB of 2\\d\\d\\.\\d MB heap; full GCs \\d+\\.\\d+/s \\(\\d+ full GCs\\)")
                .endsWith("try -XX:NewRatio=2 or a smaller -Xmn");
        assertThat(oldGen.get("detail").get("old_gen_bytes").asLong()).isLessThan(16L << 20);
        assertThat(oldGen.get("detail").get("full_gcs").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(r.out).contains("finding: critical heap-too-small: " + oldGen.get("title").asText());

        // the ListOrders streams, timed per message, under each step
        assertThat(r.out).containsPattern("stream list-orders +\\d+\\.\\d msg/call  p99 ms: first msg [\\d.]+  each msg [\\d.]+  gap [\\d.]+  call [\\d.]+");

        // the last phase: a connection per call through 100 local ports, in a network namespace when the machine allows
        String ports = r.out.substring(r.out.indexOf("── port exhaustion"));
        Matcher ns = Pattern.compile("in network namespace (brinkdemo\\d+), ip_local_port_range 40000-40099").matcher(ports);
        if (ns.find()) {
            assertThat(ports).containsPattern("calls: \\d+ sent, \\d+ ok, .*connect-no-local-port [1-9]\\d*")
                    .containsPattern("finding: critical port-exhaustion: the load generator ran out of ephemeral ports in grpc: [1-9]\\d* "
                            + "connects failed with EADDRNOTAVAIL; \\d+ of 100 local ports \\(40000-40099\\) in use, \\d+ in TIME_WAIT; "
                            + "connection policy per-call")
                    .containsPattern("advice: reuse connections: connection_policy shared .*ip_local_port_range.*tcp_tw_reuse=1");
            Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
            assertThat(new String(list.getInputStream().readAllBytes())).as("the namespace is deleted").doesNotContain(ns.group(1));
        } else {
            // not root, or no iproute2: one line says why, and the demo still succeeds
            assertThat(ports).as(ports).containsPattern("\nskipped: .+");
        }

        // an ordinary gRPC plan, to copy: the launch line carries the defects' flags
        assertThat(out.resolve("plan.yaml")).content().contains("grpc: \"127.0.0.1:", "call: brink.sample.orders.v1.Orders/PlaceOrder",
                "call: brink.sample.orders.v1.Orders/ListOrders", "-Xmn250m", "--handler-delay-ms=25");
        // the launched service is gone
        demo.assertLaunchedTargetsGone();
        assertThat(out.resolve("report.html")).isRegularFile();
        assertThat(Files.readString(out.resolve("summary.md")).toLowerCase(Locale.ROOT)).contains("old generation too small");
    }
}
