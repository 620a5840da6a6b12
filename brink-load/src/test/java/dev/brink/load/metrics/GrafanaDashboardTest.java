package dev.brink.load.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * deploy/grafana/brink.json asks Prometheus only for what Brink exports: every metric in every panel's query is a
 * sample name of a real exposition (with errors, generator issues, a phase and a target JVM), every {@code by}
 * label one those samples carry, and latency quantiles come from summed buckets.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = Path.of("..", "deploy", "grafana", "brink.json");
    private static final Pattern METRIC = Pattern.compile("\\bbrink_[a-z0-9_]+");
    private static final Pattern BY = Pattern.compile("\\bby \\(([^)]*)\\)");

    @Test
    void everyPanelQueriesOnlyMetricsAndLabelsBrinkExports() throws Exception {
        OpenMetricsParser.Exposition e = OpenMetricsParser.parse(OpenMetricsParserFuzzTest.realExposition());
        Set<String> samples = new HashSet<>();
        Set<String> labels = new HashSet<>();
        e.families().values().forEach(f -> f.samples().forEach(s -> {
            samples.add(s.name());
            labels.addAll(s.labels().keySet());
        }));
        JsonNode dashboard = Json.MAPPER.readTree(DASHBOARD.toFile());
        Set<String> used = new HashSet<>();
        int queries = 0;
        for (JsonNode panel : dashboard.get("panels")) {
            assertThat(panel.get("targets")).as(panel.get("title").asText()).isNotEmpty();
            for (JsonNode target : panel.get("targets")) {
                String expr = target.get("expr").asText();
                Matcher m = METRIC.matcher(expr);
                boolean any = false;
                while (m.find()) {
                    assertThat(samples).as("%s: %s", panel.get("title").asText(), expr).contains(m.group());
                    used.add(m.group());
                    any = true;
                }
                assertThat(any).as(expr).isTrue();
                Matcher by = BY.matcher(expr);
                while (by.find()) {
                    for (String label : by.group(1).split(",")) assertThat(labels).as(expr).contains(label.trim());
                }
                if (expr.contains("histogram_quantile")) assertThat(expr).contains("_bucket").containsPattern("by \\([^)]*\\ble\\b");
                queries++;
            }
        }
        assertThat(queries).isGreaterThan(10);
        // what the dashboard must show: rate, errors by kind, latency, generator health, phase, the JVM's heap and GC
        assertThat(used).contains("brink_requests_sent_total", "brink_request_errors_total", "brink_request_latency_seconds_bucket",
                "brink_generator_cpu_ratio", "brink_generator_schedule_lag_seconds", "brink_generator_issue_seconds_total",
                "brink_phase_info", "brink_multiplier", "brink_jvm_heap_used_bytes", "brink_jvm_gc_seconds_total");
        assertThat(List.of(dashboard.toString())).noneMatch(s -> s.contains("quantile=")); // no summary gauges to average
    }
}
