package dev.brink.shard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.Shard;
import dev.brink.core.detail.ShardSign;
import dev.brink.core.event.Event;
import dev.brink.core.event.GeneratorBound;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import dev.brink.core.event.ShardEvent;
import dev.brink.core.evidence.LatencyLog;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.line.IntervalStats;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * One shard's run directory as {@code brink merge} reads it: its shard record, its seconds (load.jsonl), its
 * latency intervals (latency.hlog), its events and, when its process finished, its summary.json. A directory
 * whose process died is read as far as it got: a half-written last line is left out, everything before it kept,
 * and the signs of the death are listed ({@link #signs}).
 */
final class ShardRun {
    /** Sign of a dead shard: summary.json is written last, so it is absent. */
    static final ShardSign NO_SUMMARY = ShardSign.NO_SUMMARY;
    /** Sign of a dead shard: a file ends in the middle of a line (the write the kill cut). */
    static final ShardSign TRUNCATED_LINE = ShardSign.TRUNCATED_LINE;
    /** Sign of a dead shard: the engine never closed (no load-close event). */
    static final ShardSign NO_LOAD_CLOSE = ShardSign.NO_LOAD_CLOSE;

    /** The event types brink merge reads as their records (the shard event is checked by {@link #shardOf}). */
    private static final Set<String> READ_AS_RECORDS = Set.of(EventType.LOAD_OPEN, EventType.STEP_START, EventType.STEP_END,
            EventType.GENERATOR_BOUND);

    final Path dir;
    final Shard shard;
    final RunSummary summary;
    final List<JsonNode> events;
    final List<IntervalStats> seconds;
    final List<Interval> latency;
    final List<GeneratorHealth> generator;
    final Set<ShardSign> signs;

    /** One interval histogram of latency.hlog, its times absolute (epoch ms). */
    record Interval(String tag, long startMs, long endMs, Histogram histogram) {
    }

    private ShardRun(Path dir, Shard shard, RunSummary summary, List<JsonNode> events, List<IntervalStats> seconds,
                     List<Interval> latency, List<GeneratorHealth> generator, Set<ShardSign> signs) {
        this.dir = dir;
        this.shard = shard;
        this.summary = summary;
        this.events = events;
        this.seconds = seconds;
        this.latency = latency;
        this.generator = generator;
        this.signs = signs;
    }

    /** @throws BrinkUserException one line: not a run directory, not a shard, a corrupt line before the last */
    static ShardRun read(Path dir) throws BrinkUserException {
        if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(RunDirectory.EVENTS))
                || !Files.isRegularFile(dir.resolve(RunDirectory.LOAD))) {
            throw new BrinkUserException(dir + ": not a run directory (expected events.jsonl and load.jsonl, as brink http|grpc|tcp|run"
                    + " --shard I/N --out DIR writes them)");
        }
        Set<ShardSign> signs = new LinkedHashSet<>();
        RunSummary summary = RunSummary.read(dir.resolve(RunDirectory.SUMMARY));
        if (summary == null) {
            signs.add(NO_SUMMARY);
        }
        List<JsonNode> events = events(dir.resolve(RunDirectory.EVENTS), signs);
        Shard shard = summary != null && summary.shard() != null ? summary.shard() : null;
        boolean closed = false;
        for (JsonNode e : events) {
            String type = e.path("type").asText();
            if (shard == null && EventType.SHARD.equals(type)) {
                shard = shardOf(e, dir);
            }
            closed |= EventType.LOAD_CLOSE.equals(type);
        }
        if (!closed) signs.add(NO_LOAD_CLOSE);
        if (shard == null || !shard.sharded()) {
            throw new BrinkUserException(dir + ": not a shard (no shard record in summary.json or events.jsonl: expected a run"
                    + " made with --shard I/N and N > 1)");
        }
        if (shard.startAt() != null) {
            try {
                java.time.Instant.parse(shard.startAt());
            } catch (java.time.format.DateTimeParseException e) {
                throw new BrinkUserException(dir + ": shard start_at '" + dev.brink.core.UserText.quote(shard.startAt())
                        + "': expected an ISO-8601 instant");
            }
        }
        List<IntervalStats> seconds = lines(dir.resolve(RunDirectory.LOAD), IntervalStats.class, signs);
        List<GeneratorHealth> generator = lines(dir.resolve(RunDirectory.GENERATOR), GeneratorHealth.class, signs);
        List<Interval> latency = latency(dir.resolve(RunDirectory.LATENCY), signs);
        return new ShardRun(dir, shard, summary, events, seconds, latency, generator, signs);
    }

    private static Shard shardOf(JsonNode e, Path dir) throws BrinkUserException {
        ShardEvent s = Event.read(e, ShardEvent.class);
        int index = s.index() == null ? -1 : s.index();
        int count = s.count() == null ? -1 : s.count();
        if (count < 2 || count > Shard.MAX_COUNT || index < 0 || index >= count) {
            throw new BrinkUserException(dir.resolve(RunDirectory.EVENTS) + ": shard event with index " + index + " and count "
                    + count + ": expected 0 <= index < count <= " + Shard.MAX_COUNT);
        }
        return new Shard(index, count, s.startAt(), s.clockSource(), s.clockOffsetMs()); // a null clock source is the system clock
    }

    /** Whether the process ran to its end (wrote summary.json, closed its files whole). */
    boolean complete() {
        return signs.isEmpty();
    }

    /** Its events of {@code type}. */
    List<JsonNode> events(String type) {
        return events.stream().filter(e -> type.equals(e.path("type").asText())).toList();
    }

    /** The first event of {@code type}, or null. */
    JsonNode event(String type) {
        return events.stream().filter(e -> type.equals(e.path("type").asText())).findFirst().orElse(null);
    }

    /** The end of its last recorded second (epoch ms), 0 without any. */
    long lastEpochMs() {
        long last = 0;
        for (IntervalStats s : seconds) last = Math.max(last, s.epochMs());
        for (Interval i : latency) last = Math.max(last, i.endMs());
        return last;
    }

    /**
     * The events, each line merge reads as a record ({@link #READ_AS_RECORDS}) checked to be one here, where its file and
     * line are known: a damaged line found later, in the middle of the merge, could only say "internal error". A
     * step-scoped event must name its step, which merge groups the shards' seconds and findings by.
     */
    private static List<JsonNode> events(Path file, Set<ShardSign> signs) throws BrinkUserException {
        if (endsMidLine(file)) signs.add(TRUNCATED_LINE);
        List<JsonNode> out = new ArrayList<>();
        JsonlReader.forEachLocated(file, (node, where) -> {
            String type = node.path("type").asText();
            if (READ_AS_RECORDS.contains(type)) checkRecord(node, type, where);
            out.add(node);
        });
        return out;
    }

    private static void checkRecord(JsonNode node, String type, String where) throws BrinkUserException {
        Record record;
        try {
            record = Json.MAPPER.convertValue(node, Event.TYPES.get(type));
        } catch (IllegalArgumentException e) {
            throw new BrinkUserException(where + ": expected a " + type + " event ("
                    + dev.brink.core.UserText.oneLine(String.valueOf(e.getMessage())) + ")");
        }
        String step = record instanceof StepStart s ? s.step()
                : record instanceof StepEnd s ? s.step()
                : record instanceof GeneratorBound g ? g.step() : "";
        if (step == null) throw new BrinkUserException(where + ": " + type + " event without its step");
    }

    /** As {@link #lines(Path, Set)}, each line as its record. */
    private static <T> List<T> lines(Path file, Class<T> type, Set<ShardSign> signs) throws BrinkUserException {
        if (endsMidLine(file)) signs.add(TRUNCATED_LINE);
        return JsonlReader.readAll(file, type);
    }

    private static boolean endsMidLine(Path file) throws BrinkUserException {
        if (!Files.isRegularFile(file)) return false;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() == 0) return false;
            f.seek(f.length() - 1);
            return f.read() != '\n';
        } catch (IOException e) {
            throw new BrinkUserException("cannot read " + file + ": " + oneLine(e));
        }
    }

    /** The interval histograms, whole lines only: a kill can cut the last one, which is left out and named a sign. */
    private static List<Interval> latency(Path file, Set<ShardSign> signs) throws BrinkUserException {
        List<Interval> out = new ArrayList<>();
        if (LatencyLog.forEach(file, i -> out.add(new Interval(i.tag(), i.startMs(), i.endMs(), i.histogram())))) {
            signs.add(TRUNCATED_LINE);
        }
        return out;
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return dev.brink.core.UserText.oneLine(m);
    }
}
