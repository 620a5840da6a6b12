package dev.brink.load.engine;

import dev.brink.core.AppendFile;
import dev.brink.core.EventLog;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.LatencyLog;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The engine's files in the run directory: load.jsonl, generator.jsonl, events.jsonl (one JSON line per
 * interval or event, flushed per line) and latency.hlog (an HdrHistogram interval log, flushed per interval,
 * values in microseconds, tagged {@code corrected}, {@code uncorrected}, {@code corrected.OP}, {@code uncorrected.OP}).
 * A SIGKILL loses at most the interval being written; a full disk stops the run with a {@link dev.brink.core.WriteFailure}
 * and leaves every file ending in a whole line ({@link AppendFile}). Used by the reporting thread only; a null run
 * directory writes nothing.
 */
public final class RunOutput implements AutoCloseable {
    private final JsonlWriter load;
    private final JsonlWriter generator;
    private final EventLog events;
    /** An interval's hlog lines, gathered here and appended at once. */
    private final ByteArrayOutputStream hlogLines = new ByteArrayOutputStream();
    private final PrintStream hlogText = new PrintStream(hlogLines, false, StandardCharsets.UTF_8);
    private final AppendFile hlogFile;
    private final HistogramLogWriter hlog;
    private final long baseMs;
    private final RunDirectory run;
    private JsonlWriter streams; // opened with its first line: most runs have no streaming calls

    public RunOutput(RunDirectory run, long baseMs) throws IOException {
        this.baseMs = baseMs;
        this.run = run;
        if (run == null) {
            load = generator = null;
            events = null;
            hlogFile = null;
            hlog = null;
            return;
        }
        load = new JsonlWriter(run.file(RunDirectory.LOAD));
        generator = new JsonlWriter(run.file(RunDirectory.GENERATOR));
        events = new EventLog(run);
        hlogFile = new AppendFile(run.file(RunDirectory.LATENCY));
        hlog = new HistogramLogWriter(hlogText);
        hlog.outputComment("Brink latency log: values in microseconds; corrected = from intended send time, "
                + "uncorrected = from actual send (service time)");
        hlog.outputLogFormatVersion();
        hlog.outputStartTime(baseMs);
        hlog.setBaseTime(baseMs);
        hlog.outputBaseTime(baseMs);
        hlog.outputLegend();
        flushHlog();
    }

    public void interval(IntervalStats stats, GeneratorHealth health, long startMs, long endMs, Histogram corrected,
                  Histogram uncorrected, String[] opNames, Counters[] ops) {
        if (load == null) return;
        // latency first: a load.jsonl line then always has its histograms, even if a SIGKILL comes between
        double s = (startMs - baseMs) / 1000.0;
        double e = (endMs - baseMs) / 1000.0;
        write(s, e, corrected, LatencyLog.CORRECTED);
        write(s, e, uncorrected, LatencyLog.UNCORRECTED);
        if (ops.length > 1) {
            for (int i = 0; i < ops.length; i++) {
                write(s, e, ops[i].corrected, LatencyLog.corrected(opNames[i]));
                write(s, e, ops[i].uncorrected, LatencyLog.uncorrected(opNames[i]));
            }
        }
        flushHlog();
        load.append(stats);
        generator.append(health);
    }

    /** Appends the lines gathered since the last call to latency.hlog, at once. */
    private void flushHlog() {
        hlogText.flush();
        hlogFile.append(hlogLines.toByteArray());
        hlogLines.reset();
    }

    private void write(double s, double e, Histogram h, String tag) {
        String old = h.getTag();
        h.setTag(tag);
        hlog.outputIntervalHistogram(s, e, h, 1000.0);
        h.setTag(old);
    }

    /** A step's per-message timing of streaming calls (streams.jsonl). */
    public void streams(java.util.List<dev.brink.core.evidence.StreamTimingLine> lines) {
        if (run == null || lines.isEmpty()) return;
        try {
            if (streams == null) streams = new JsonlWriter(run.file(RunDirectory.STREAMS));
            for (dev.brink.core.evidence.StreamTimingLine l : lines) streams.append(l);
        } catch (IOException e) {
            // the step's numbers are still in load.jsonl and the summary; one file lost is not a failed run
        }
    }

    public void event(String type, Map<String, ?> fields) {
        if (events != null) events.append(type, fields);
    }

    @Override
    public void close() throws IOException {
        if (load == null) return;
        load.close();
        generator.close();
        events.close();
        hlogFile.close();
        if (streams != null) streams.close();
    }
}
