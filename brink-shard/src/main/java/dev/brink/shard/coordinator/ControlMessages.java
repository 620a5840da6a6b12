package dev.brink.shard.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.Json;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.ShardInterval;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.shard.StepDispatch;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The control API's JSON bodies, written and read (every read is checked and fails with
 * {@link IllegalArgumentException} in words: the coordinator answers 400 with it, a worker exits 2 with it).
 *
 * <pre>
 * POST /v1/join     {"shard": 1, "count": 3}                      → {"count": 3, "plan": "…yaml…", "plan_file": "plan.yaml", "epoch_ms": T}
 * GET  /v1/order?shard=1&amp;after=SEQ                                  → {"seq": 4, "kind": "step|end-step|done", "start_at_ms": T,
 *                                                                     "step": {"name", "model": "open|closed", "from", "to", "users", "duration_ms"}}
 *                                                                     or 204 (nothing new within a second)
 * GET  /v1/time                                                   → {"epoch_ms": T} (the worker's clock offset: the sample with the shortest round trip)
 * POST /v1/intervals {"shard": 1, "seq": 4, "intervals": [ShardInterval…], "duration_s": null | seconds (last post of the step)}
 * </pre>
 */
public final class ControlMessages {
    /** A body larger than this is refused (413): a second's intervals of a few operations are a few KB. */
    public static final int MAX_BODY = 8 << 20;
    static final int MAX_INTERVALS = 600;

    public enum Kind { STEP, END_STEP, DONE;
        String json() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** An order to the workers: run a step, end the running one, or the run is over. */
    public record Order(long seq, Kind kind, LoadStep step, long startAtMs) {
    }

    /** What the coordinator answers a joining worker. */
    public record Welcome(int count, String plan, String planFile, long epochMs) {
    }

    private ControlMessages() {
    }

    static byte[] join(int shard, int count) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("shard", shard);
        o.put("count", count);
        return bytes(o);
    }

    /** @return {shard, count} */
    public static int[] readJoin(byte[] body) {
        JsonNode o = tree(body);
        return new int[] {intIn(o, "shard", 0, dev.brink.core.Shard.MAX_COUNT), intIn(o, "count", 1, dev.brink.core.Shard.MAX_COUNT)};
    }

    static byte[] welcome(Welcome w) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("count", w.count());
        o.put("plan", w.plan());
        o.put("plan_file", w.planFile());
        o.put("epoch_ms", w.epochMs());
        return bytes(o);
    }

    public static Welcome readWelcome(byte[] body) {
        JsonNode o = tree(body);
        return new Welcome(intIn(o, "count", 1, dev.brink.core.Shard.MAX_COUNT), text(o, "plan", PlanReader.MAX_BYTES),
                text(o, "plan_file", 4096), longIn(o, "epoch_ms", 0, Long.MAX_VALUE));
    }

    /** The coordinator's clock in a {@code /v1/time} answer. */
    public static long readTime(byte[] body) {
        return longIn(tree(body), "epoch_ms", 0, Long.MAX_VALUE);
    }

    static byte[] order(Order order) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("seq", order.seq());
        o.put("kind", order.kind().json());
        if (order.kind() == Kind.STEP) {
            o.put("start_at_ms", order.startAtMs());
            ObjectNode s = o.putObject("step");
            LoadStep st = order.step();
            s.put("name", st.name());
            s.put("duration_ms", st.duration().toMillis());
            if (st.workload() instanceof LoadStep.Workload.Open w) {
                s.put("model", "open");
                s.put("from", w.from());
                s.put("to", w.to());
            } else {
                s.put("model", "closed");
                s.put("users", ((LoadStep.Workload.Closed) st.workload()).users());
            }
        }
        return bytes(o);
    }

    /** An order, its step rebuilt against the worker's {@code plan} (a closed step takes the plan's think time and pacing). */
    public static Order readOrder(byte[] body, Plan plan) {
        JsonNode o = tree(body);
        long seq = longIn(o, "seq", 0, Long.MAX_VALUE);
        String kind = text(o, "kind", 16);
        switch (kind) {
            case "done":
                return new Order(seq, Kind.DONE, null, 0);
            case "end-step":
                return new Order(seq, Kind.END_STEP, null, 0);
            case "step":
                break;
            default:
                throw new IllegalArgumentException("kind '" + dev.brink.core.UserText.quote(kind) + "': expected step, end-step or done");
        }
        JsonNode s = o.path("step");
        if (!s.isObject()) throw new IllegalArgumentException("expected a step object");
        String name = text(s, "name", 200);
        if (name.isEmpty() || !name.chars().allMatch(c -> c > ' ' && c < 0x7F)) throw new IllegalArgumentException("bad step name");
        Duration d = Duration.ofMillis(longIn(s, "duration_ms", 1, dev.brink.core.Durations.MAX.toMillis()));
        String model = text(s, "model", 16);
        LoadStep step;
        if (model.equals("open")) {
            double from = number(s, "from");
            double to = number(s, "to");
            step = LoadStep.ramp(name, from, to, d);
        } else if (model.equals("closed")) {
            int users = intIn(s, "users", 1, Plan.Users.MAX);
            if (!plan.closedModel()) throw new IllegalArgumentException("a closed step for an open plan");
            step = new LoadStep(name, new LoadStep.Workload.Closed(users, plan.users().think(), plan.users().pacing()), d);
        } else {
            throw new IllegalArgumentException("model '" + dev.brink.core.UserText.quote(model) + "': expected open or closed");
        }
        return new Order(seq, Kind.STEP, step, longIn(o, "start_at_ms", 0, Long.MAX_VALUE));
    }

    static byte[] report(StepDispatch.Report r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("shard", r.shard());
        o.put("seq", r.seq());
        o.set("intervals", Json.MAPPER.valueToTree(r.intervals()));
        if (r.durationS() != null) o.put("duration_s", r.durationS());
        else o.putNull("duration_s");
        return bytes(o);
    }

    /** A worker's report, each interval checked against a plan of {@code operations} operations. */
    public static StepDispatch.Report readReport(byte[] body, int workers, int operations) {
        JsonNode o = tree(body);
        int shard = intIn(o, "shard", 0, workers - 1);
        long seq = longIn(o, "seq", 1, Long.MAX_VALUE);
        JsonNode list = o.path("intervals");
        if (!list.isArray() || list.size() > MAX_INTERVALS) {
            throw new IllegalArgumentException("expected intervals: an array of at most " + MAX_INTERVALS);
        }
        List<ShardInterval> intervals = new ArrayList<>();
        for (JsonNode i : list) {
            ShardInterval s;
            try {
                s = Json.MAPPER.treeToValue(i, ShardInterval.class);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("interval " + intervals.size() + ": " + dev.brink.core.UserText.oneLine(String.valueOf(e.getMessage())));
            }
            if (s == null) throw new IllegalArgumentException("interval " + intervals.size() + " is null");
            try {
                s.check(operations);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("interval " + intervals.size() + ": " + e.getMessage());
            }
            intervals.add(s);
        }
        JsonNode d = o.path("duration_s");
        Double duration = null;
        if (!d.isMissingNode() && !d.isNull()) {
            if (!d.isNumber() || !(d.asDouble() >= 0 && d.asDouble() < 1e9)) throw new IllegalArgumentException("duration_s: expected seconds >= 0");
            duration = d.asDouble();
        }
        return new StepDispatch.Report(shard, seq, intervals, duration);
    }

    private static JsonNode tree(byte[] body) {
        if (body.length > MAX_BODY) throw new IllegalArgumentException("body of " + body.length + " bytes, at most " + MAX_BODY);
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + dev.brink.core.UserText.oneLine(String.valueOf(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage())));
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException("expected a JSON object");
        return n;
    }

    private static int intIn(JsonNode o, String field, int min, int max) {
        return (int) longIn(o, field, min, max);
    }

    private static long longIn(JsonNode o, String field, long min, long max) {
        JsonNode v = o.path(field);
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < min || v.asLong() > max) {
            throw new IllegalArgumentException(field + ": expected a whole number " + min + ".." + max);
        }
        return v.asLong();
    }

    private static double number(JsonNode o, String field) {
        JsonNode v = o.path(field);
        if (!v.isNumber() || !(v.asDouble() >= 0 && v.asDouble() < 1e6)) throw new IllegalArgumentException(field + ": expected a multiplier >= 0");
        return v.asDouble();
    }

    private static String text(JsonNode o, String field, long max) {
        JsonNode v = o.path(field);
        if (!v.isTextual() || v.asText().length() > max) throw new IllegalArgumentException(field + ": expected text of at most " + max + " characters");
        return v.asText();
    }

    private static byte[] bytes(JsonNode n) {
        try {
            return Json.MAPPER.writeValueAsBytes(n);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
