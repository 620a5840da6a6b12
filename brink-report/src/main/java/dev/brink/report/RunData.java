package dev.brink.report;

import dev.brink.core.EventType;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.Event;
import dev.brink.core.event.LoadOpen;
import dev.brink.core.event.RunEnd;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import dev.brink.core.summary.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Everything a report shows, read from the run directory alone (the contract in DESIGN.md). A file a
 * killed or partial run never wrote is listed in {@link #missing()} so the report can say so; without
 * summary.json the summary is rebuilt from events.jsonl ({@link SummaryRecovery}) and
 * {@link #summaryRecovered()} is true.
 *
 * @param runEnd the {@code run-end} event, null when the run never wrote it (killed, or still running)
 */
record RunData(Path dir, RunSummary summary, boolean summaryRecovered, RunEnd runEnd, List<JsonNode> events,
               Columns load, Columns jvm, Columns gc, Columns generator, String plan,
               List<String> evidence, List<String> missing) {

    static RunData load(Path dir) throws BrinkUserException {
        if (!Files.isDirectory(dir)) {
            throw new BrinkUserException(dir + ": not a directory; expected a run directory written by brink run, demo, http or watch");
        }
        List<String> missing = new ArrayList<>();
        RunSummary summary = null;
        Path summaryFile = dir.resolve(RunDirectory.SUMMARY);
        if (Files.exists(summaryFile)) {
            summary = RunSummary.read(summaryFile);
            String problem = SummaryRecovery.problem(summary);
            if (problem != null) {
                throw new BrinkUserException(summaryFile + ": not a complete Brink summary: " + problem);
            }
        } else {
            missing.add(RunDirectory.SUMMARY);
        }
        List<JsonNode> events = lines(dir, RunDirectory.EVENTS, missing);
        List<String> names = List.of(RunDirectory.LOAD, RunDirectory.JVM, RunDirectory.GC, RunDirectory.GENERATOR);
        for (String name : names) {
            if (!Files.exists(dir.resolve(name))) {
                missing.add(name);
            }
        }
        List<Columns> read = columns(dir, names, operations(events));
        Columns load = read.get(0);
        Columns jvm = read.get(1);
        Columns gc = read.get(2);
        Columns generator = read.get(3);
        if (summary == null && events.isEmpty() && load.isEmpty() && jvm.isEmpty() && gc.isEmpty()) {
            throw new BrinkUserException(dir + ": no Brink run files (summary.json, events.jsonl, load.jsonl, jvm.jsonl, gc.jsonl) in it");
        }
        Path planFile = dir.resolve(RunDirectory.PLAN);
        String plan = Files.exists(planFile) ? InputFiles.readUtf8(planFile, InputKind.PLAN) : null;
        boolean recovered = summary == null;
        if (recovered) {
            summary = SummaryRecovery.recover(events, List.of(load, jvm, gc, generator), plan);
        }
        RunEnd runEnd = null;
        for (JsonNode e : events) {
            if (e.path("type").asText().equals(EventType.RUN_END)) {
                runEnd = Event.readIfValid(e, RunEnd.class); // damaged: the report cannot vouch the run ended
            }
        }
        return new RunData(dir, summary, recovered, runEnd, events, load, jvm, gc, generator, plan, evidence(dir),
                List.copyOf(missing));
    }

    /**
     * The series files, read in parallel: a 24-hour run is some 300 MB of JSON lines, and parsing it is most of a
     * report's time. The first error (by file order) is thrown.
     */
    /** The operations the run's load engines drove (their load-open events), in plan order, each once. */
    static List<String> operations(List<JsonNode> events) {
        java.util.LinkedHashSet<String> ops = new java.util.LinkedHashSet<>();
        for (JsonNode e : events) {
            if (e.path("type").asText().equals(EventType.LOAD_OPEN)) ops.addAll(LoadOpen.read(e).operations());
        }
        return List.copyOf(ops);
    }

    private static List<Columns> columns(Path dir, List<String> names, List<String> operations) throws BrinkUserException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(names.size(), Math.max(1, Runtime.getRuntime().availableProcessors())), r -> {
            Thread t = new Thread(r, "brink-report-read");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Columns>> futures = new ArrayList<>();
            for (String name : names) {
                futures.add(pool.submit(() -> ChartCatalog.reader(name, operations).read(dir.resolve(name))));
            }
            List<Columns> out = new ArrayList<>();
            for (Future<Columns> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof BrinkUserException b) {
                        throw b;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while reading " + dir);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The last epoch_ms of any run file, 0 when none has one. */
    long lastEpochMs() {
        long last = 0;
        for (Columns c : List.of(load, jvm, gc, generator)) {
            last = Math.max(last, c.lastEpochMs());
        }
        if (!events.isEmpty()) {
            last = Math.max(last, events.get(events.size() - 1).path("epoch_ms").asLong());
        }
        return last;
    }

    private static List<JsonNode> lines(Path dir, String name, List<String> missing) throws BrinkUserException {
        Path f = dir.resolve(name);
        if (!Files.exists(f)) {
            missing.add(name);
        }
        if (!name.equals(RunDirectory.EVENTS)) {
            return JsonlReader.readAll(f);
        }
        // the step events are read as their records later (step windows, recovery), where no line number is known:
        // a line that is JSON but not its event is refused here, naming its line
        List<JsonNode> events = new ArrayList<>();
        JsonlReader.forEachLocated(f, (node, where) -> {
            String type = node.path("type").asText();
            if (type.equals(EventType.STEP_START)) Event.read(node, StepStart.class, where);
            if (type.equals(EventType.STEP_END)) Event.read(node, StepEnd.class, where);
            events.add(node);
        });
        return events;
    }

    private static List<String> evidence(Path dir) throws BrinkUserException {
        Path ev = dir.resolve(RunDirectory.EVIDENCE);
        if (!Files.isDirectory(ev)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(ev)) {
            return files.filter(Files::isRegularFile).map(p -> RunDirectory.EVIDENCE + "/" + p.getFileName()).sorted().toList();
        } catch (IOException e) {
            throw new BrinkUserException(ev + ": cannot list: " + e.getMessage());
        }
    }

}
