package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.evidence.GcEventLine;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gc.jsonl from the observer, rotated and gzipped logs, and the series written for the report. */
class ObserverAndFilesTest {
    @TempDir
    Path tmp;

    /** The Serial leak log re-expressed as the observer's gc.jsonl lines (what the JVM's notifications carry). */
    static List<GcEventLine> observerLinesFrom(GcReport r) {
        List<GcEventLine> out = new ArrayList<>();
        for (GcEvent e : r.events()) {
            String collector = e.kind() == GcKind.FULL ? "MarkSweepCompact" : "Copy";
            String action = e.kind() == GcKind.FULL ? "end of major GC" : "end of minor GC";
            long start = Math.round(e.uptimeSec() * 1000);
            out.add(new GcEventLine(1_700_000_000_000L + start, start, collector, action, e.cause(), e.durationMs(),
                    Map.of("Tenured Gen", e.heapBefore(), "Metaspace", 1L << 20),
                    Map.of("Tenured Gen", e.heapAfter(), "Metaspace", 1L << 20),
                    Map.of("Tenured Gen", 64L << 20)));
        }
        return out;
    }

    @Test
    void observerEvents_sameVerdictAsTheLog() throws Exception {
        GcReport fromLog = PublicLogsTest.analyze("jdk17_serial_leak.log");
        List<GcEventLine> lines = observerLinesFrom(fromLog);
        GcReport r = GcLogAnalyzer.analyzeEvents(lines);
        assertThat(r.format()).isEqualTo("observer");
        assertThat(r.settings().collector()).isEqualTo("Serial");
        assertThat(r.pauses().fullGcs()).isEqualTo(22);
        assertThat(r.trend().leak()).as(r.trend().verdict()).isTrue();
        assertThat(r.findings()).extracting(f -> f.kind()).contains(FindingKind.MEMORY_LEAK);
        // metaspace is not heap
        assertThat(r.events().get(0).heapAfter()).isEqualTo(fromLog.events().get(0).heapAfter());

        Path jsonl = tmp.resolve("gc.jsonl");
        StringBuilder sb = new StringBuilder();
        for (GcEventLine l : lines) {
            sb.append(Json.MAPPER.writeValueAsString(l)).append('\n');
        }
        Files.writeString(jsonl, sb);
        GcReport fromFile = GcLogAnalyzer.analyzeGcJsonl(jsonl);
        assertThat(fromFile.trend().leak()).isTrue();
        assertThat(fromFile.events()).hasSize(lines.size());
    }

    @Test
    void rotatedAndGzippedParts_orderedByContentNotName() throws Exception {
        List<String> all = Files.readAllLines(PublicLogsTest.log("jdk17_serial_leak.log"));
        int half = all.size() / 2;
        while (!all.get(half).contains("gc,start")) {
            half++;
        }
        // the later half gets the lower number, and is gzipped: order must come from the time stamps
        Path later = tmp.resolve("gc.log.0.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(later))) {
            o.write((String.join("\n", all.subList(half, all.size())) + "\n").getBytes());
        }
        Path earlier = Files.write(tmp.resolve("gc.log.1"), all.subList(0, half));
        GcReport whole = PublicLogsTest.analyze("jdk17_serial_leak.log");
        GcReport parts = GcLogAnalyzer.analyze(List.of(later, earlier));
        assertThat(parts.sources()).containsExactly(earlier.toString(), later.toString());
        assertThat(parts.events()).hasSize(whole.events().size());
        assertThat(parts.events().get(0).gcId()).isZero();
        assertThat(parts.pauses().fullGcs()).isEqualTo(22);
        assertThat(parts.trend().leak()).isTrue();
    }

    @Test
    void noDecorators_indexAxis_sameEventsAndVerdict() throws Exception {
        // -Xlog:gc*:file=…:none — the same log without its [time][uptime][level][tags]
        List<String> bare = Files.readAllLines(PublicLogsTest.log("jdk17_serial_leak.log")).stream()
                .map(l -> l.replaceFirst("^(\\[[^\\]]*\\])+\\s*", "")).toList();
        Path f = Files.write(tmp.resolve("bare.log"), bare);
        GcReport r = GcLogAnalyzer.analyze(List.of(f));
        GcReport full = PublicLogsTest.analyze("jdk17_serial_leak.log");
        assertThat(r.timeAxis()).isEqualTo("index");
        assertThat(r.events()).hasSize(full.events().size());
        assertThat(r.unknownLines()).isZero();
        assertThat(r.trend().leak()).as(r.trend().verdict()).isTrue();
        assertThat(r.findings()).noneMatch(x -> x.title().startsWith("GC takes"));
    }

    @Test
    void series_writtenAsRunDirectoryGcJsonl() throws Exception {
        GcReport r = PublicLogsTest.analyze("jdk17_g1_healthy.log");
        GcSeries.write(r, tmp);
        List<String> gc = Files.readAllLines(tmp.resolve("gc.jsonl"));
        assertThat(gc).hasSize(r.events().size());
        GcEventLine first = Json.MAPPER.readValue(gc.get(0), GcEventLine.class);
        assertThat(first.after().get("heap")).isEqualTo(r.events().get(0).heapAfter());
        List<String> flat = Files.readAllLines(tmp.resolve(GcSeries.SERIES));
        assertThat(flat.get(0)).contains("\"heap_after\"").contains("\"duration_ms\"");
    }

    /** A series written from a log keeps its collections' failures: gc.jsonl read back gives the log's trouble finding. */
    @Test
    void series_keepsEvacuationFailures_readBackAsTheLogsFinding() throws Exception {
        GcReport r = PublicLogsTest.analyze("sample-ujl-g1-gc-all,safepoint,os+cpu-to-space-exhausted.txt");
        List<String> trouble = r.findings().stream().map(f -> f.title()).filter(t -> t.contains("to-space exhausted")).toList();
        assertThat(trouble).as("the log's own finding").hasSize(1);
        GcSeries.write(r, tmp);
        GcReport back = GcLogAnalyzer.analyzeGcJsonl(tmp.resolve("gc.jsonl"));
        assertThat(back.findings()).extracting(f -> f.title()).contains(trouble.get(0));
        assertThat(Files.readString(tmp.resolve("gc.jsonl"))).contains("\"failures\":[\"evacuation-failed\"]");
    }
}
