package dev.brink.sample.telemetry;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the telemetry service counted, served as JSON on /stats: packets by kind, protocol violations by rule,
 * and how many devices it holds state for (with the leak defect on, that number only grows).
 */
final class TelemetryStats {
    final LongAdder packets = new LongAdder();
    final LongAdder logins = new LongAdder();
    final LongAdder data = new LongAdder();
    final LongAdder logouts = new LongAdder();
    final LongAdder badPackets = new LongAdder();
    final LongAdder unknownIds = new LongAdder();
    /** Broken session rules by name: seq-not-increasing, time-not-increasing, mileage-decreased, not-logged-in. */
    final Map<String, LongAdder> violations = new ConcurrentHashMap<>();

    void violation(String rule) {
        violations.computeIfAbsent(rule, k -> new LongAdder()).increment();
    }

    long violationCount() {
        return violations.values().stream().mapToLong(LongAdder::sum).sum();
    }

    String json(int devices) {
        Map<String, Long> v = new TreeMap<>();
        violations.forEach((k, n) -> v.put(k, n.sum()));
        StringBuilder sb = new StringBuilder("{\"packets\":").append(packets.sum())
                .append(",\"logins\":").append(logins.sum())
                .append(",\"data\":").append(data.sum())
                .append(",\"logouts\":").append(logouts.sum())
                .append(",\"bad_packets\":").append(badPackets.sum())
                .append(",\"unknown_ids\":").append(unknownIds.sum())
                .append(",\"violations\":").append(violationCount())
                .append(",\"violations_by_rule\":{");
        boolean first = true;
        for (Map.Entry<String, Long> e : v.entrySet()) {
            sb.append(first ? "" : ",").append('"').append(e.getKey()).append("\":").append(e.getValue());
            first = false;
        }
        return sb.append("},\"devices\":").append(devices).append('}').toString();
    }
}
