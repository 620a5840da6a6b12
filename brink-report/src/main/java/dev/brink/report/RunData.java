package dev.brink.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Everything a report shows, read from the run directory alone (the contract in DESIGN.md). A file a
 * killed or partial run never wrote is listed in {@link #missing()} so the report can say so; without
 * summary.json the summary is rebuilt from events.jsonl ({@link SummaryRecovery}) and
 * {@link #summaryRecovered()} is true.
 *
 * @param runEnd the {@code run-end} event, null when the run never wrote it (killed, or still running)
 */
record RunData(Path dir, RunSummary summary, boolean summaryRecovered, JsonNode runEnd, List<JsonNode> events,
               List<JsonNode> load, List<JsonNode> jvm, List<JsonNode> gc, List<JsonNode> generator, String plan,
               List<String> evidence, List<String> missing) {

    static RunData load(Path dir) throws BrinkUserException {
        if (!Files.isDirectory(dir)) {
            throw new BrinkUserException(dir + ": not a directory; expected a run directory written by brink run, demo, http or watch");
        }
        List<String> missing = new ArrayList<>();
        RunSummary summary = null;
        Path summaryFile = dir.resolve(RunDirectory.SUMMARY);
        if (Files.isRegularFile(summaryFile)) {
            try {
                summary = Json.MAPPER.readValue(summaryFile.toFile(), RunSummary.class);
            } catch (IOException e) {
                throw new BrinkUserException(summaryFile + ": not a Brink summary (" + firstLine(e.getMessage()) + ")");
            }
        } else {
            missing.add(RunDirectory.SUMMARY);
        }
        List<JsonNode> events = lines(dir, RunDirectory.EVENTS, missing);
        List<JsonNode> load = lines(dir, RunDirectory.LOAD, missing);
        List<JsonNode> jvm = lines(dir, RunDirectory.JVM, missing);
        List<JsonNode> gc = lines(dir, RunDirectory.GC, missing);
        List<JsonNode> generator = lines(dir, RunDirectory.GENERATOR, missing);
        if (summary == null && events.isEmpty() && load.isEmpty() && jvm.isEmpty() && gc.isEmpty()) {
            throw new BrinkUserException(dir + ": no Brink run files (summary.json, events.jsonl, load.jsonl, jvm.jsonl, gc.jsonl) in it");
        }
        String plan = null;
        try {
            Path planFile = dir.resolve(RunDirectory.PLAN);
            if (Files.isRegularFile(planFile)) {
                plan = Files.readString(planFile);
            }
        } catch (IOException e) {
            throw new BrinkUserException(dir.resolve(RunDirectory.PLAN) + ": cannot read: " + e.getMessage());
        }
        boolean recovered = summary == null;
        if (recovered) {
            summary = SummaryRecovery.recover(events, List.of(load, jvm, gc, generator), plan);
        }
        JsonNode runEnd = null;
        for (JsonNode e : events) {
            if (e.path("type").asText().equals("run-end")) {
                runEnd = e;
            }
        }
        return new RunData(dir, summary, recovered, runEnd, events, load, jvm, gc, generator, plan, evidence(dir),
                List.copyOf(missing));
    }

    private static List<JsonNode> lines(Path dir, String name, List<String> missing) throws BrinkUserException {
        Path f = dir.resolve(name);
        if (!Files.exists(f)) {
            missing.add(name);
        }
        return JsonlReader.readAll(f);
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

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
