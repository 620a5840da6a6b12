package dev.brink.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.DetailValues;
import dev.brink.core.event.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a run directory holds that the contract does not name: a file, an event type, or a finding's detail key
 * missing from {@link EventType}, its kind's detail record ({@link Detail#TYPES}) or DESIGN.md's "Run directory" section;
 * a value that record refuses (a word not of its enum, a fraction where a
 * count belongs, a share above 1); a key of a .jsonl line that {@link RunLines} does not name; and a value of a .jsonl
 * line or an event that its record ({@link RunLines#RECORDS}, {@link Event#TYPES}) refuses, named by file:line and key. Tests run it on
 * directories real runs wrote, so the documented contract cannot drift from what Brink writes.
 */
public final class ContractCheck {
    /** The files of a run directory besides evidence/ (DESIGN.md lists each one). */
    public static final Set<String> FILES = Set.of(RunDirectory.PLAN, RunDirectory.EVENTS, RunDirectory.LOAD, RunDirectory.LATENCY,
            RunDirectory.JVM, RunDirectory.GC, RunDirectory.GENERATOR, RunDirectory.HOST, RunDirectory.STREAMS, RunDirectory.EVIDENCE, RunDirectory.SUMMARY, RunDirectory.TARGET_LOG,
            "report.html", "summary.md", "junit.xml", "shards");
    private static final List<String> EVIDENCE_PREFIXES = EvidenceFiles.PREFIXES;

    private ContractCheck() {
    }

    /** One line per thing {@code run} holds that is not in the contract; empty when it keeps to it. */
    public static List<String> violations(Path run, String design) throws IOException, BrinkUserException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (!FILES.contains(name) || !design.contains(name)) {
                    out.add("file " + name + " is not in the contract");
                }
            }
        }
        Path evidence = run.resolve(RunDirectory.EVIDENCE);
        if (Files.isDirectory(evidence)) {
            try (Stream<Path> files = Files.list(evidence)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = f.getFileName().toString();
                    if (!name.equals(EvidenceFiles.OOM_HEAP_DUMP) && EVIDENCE_PREFIXES.stream().noneMatch(name::startsWith)) {
                        out.add("evidence file " + name + " has no known name");
                    }
                }
            }
        }
        for (Map.Entry<String, List<String>> file : new TreeMap<>(RunLines.KEYS).entrySet()) {
            lineKeys(run.resolve(file.getKey()), file.getKey(), file.getValue(), out);
        }
        Path events = run.resolve(RunDirectory.EVENTS);
        if (Files.isRegularFile(events)) {
            List<JsonNode> lines = JsonlReader.readAll(events);
            Set<String> reportedEventKeys = new TreeSet<>();
            for (int i = 0; i < lines.size(); i++) {
                JsonNode e = lines.get(i);
                String type = e.path("type").asText();
                if (!EventType.ALL.contains(type) || !design.contains("| `" + type + "` |")) {
                    out.add("event type " + type + " is not in the contract");
                }
                if (type.equals(EventType.FINDING)) {
                    finding(e.path("finding"), design, out);
                }
                Class<? extends Record> record = Event.TYPES.get(type);
                if (record != null) {
                    List<String> known = Detail.keys(record);
                    for (Iterator<String> keys = e.fieldNames(); keys.hasNext(); ) {
                        String key = keys.next();
                        if (!EventLog.COMMON_KEYS.contains(key) && !known.contains(key) && reportedEventKeys.add(type + " " + key)) {
                            out.add("field " + key + " of the " + type + " event is not in the contract");
                        }
                    }
                }
                String problem = record == null ? null : DetailValues.problem(e, record);
                if (problem != null) out.add(RunDirectory.EVENTS + ":" + (i + 1) + ": " + type + " " + problem);
            }
        }
        Path summary = run.resolve(RunDirectory.SUMMARY);
        if (Files.isRegularFile(summary)) {
            for (JsonNode f : Json.MAPPER.readTree(summary.toFile()).path("findings")) {
                finding(f, design, out);
            }
        }
        return out;
    }

    /**
     * Each key of {@code file}'s lines that {@link RunLines} does not name, once; and each line whose values its record
     * refuses (a word not of its enum, a negative count, a text for a number), by line and key.
     */
    private static void lineKeys(Path path, String file, List<String> known, List<String> out) throws BrinkUserException {
        if (!Files.isRegularFile(path)) return;
        Set<String> reported = new TreeSet<>();
        Class<? extends Record> record = RunLines.RECORDS.get(file);
        List<JsonNode> lines = JsonlReader.readAll(path);
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            for (Iterator<String> keys = line.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (!known.contains(key) && reported.add(key)) out.add("field " + key + " of " + file + " is not in the contract");
            }
            String problem = DetailValues.problem(line, record);
            if (problem != null) out.add(file + ":" + (i + 1) + ": " + problem);
        }
    }

    private static void finding(JsonNode f, String design, List<String> out) {
        String kind = f.path("kind").asText();
        FindingKind k = null;
        for (FindingKind c : FindingKind.values()) {
            if (c.jsonName().equals(kind)) {
                k = c;
            }
        }
        if (k == null) {
            out.add("finding kind " + kind + " is not in the contract");
            return;
        }
        String row = design.lines().filter(l -> l.startsWith("| finding `" + kind + "` |")).findFirst().orElse("");
        Class<? extends Detail> type = Detail.TYPES.get(k);
        List<String> known = Detail.keys(type);
        for (Iterator<String> keys = f.path("detail").fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!known.contains(key) || !row.contains("`" + key + "`")) {
                out.add("detail key " + key + " of " + kind + " is not in the contract");
            }
        }
        String problem = DetailValues.problem(f.path("detail"), type);
        if (problem != null) out.add("detail of " + kind + ": " + problem);
    }
}
