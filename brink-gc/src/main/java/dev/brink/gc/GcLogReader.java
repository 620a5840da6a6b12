package dev.brink.gc;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads GC-log files (plain or gzip, told by the magic bytes, not the name), detects each one's format from
 * its first lines and never guesses: a file that is neither format is an error. Rotated files are ordered by
 * the time of their first event, not by their names. Streaming: one line in memory at a time.
 */
final class GcLogReader {
    static final int DETECT_LINES = 2000;
    /**
     * The most bytes read to tell the format: a GC log's first GC line comes within a few KB (after the JVM's
     * header lines); a file of zeros or a binary has no line break and is read in 1 MiB pieces, and 2 000 of them would
     * scan 2 GB (9 s, 530 MB RSS in the fuzz campaign) to say what the first pieces already showed.
     */
    static final int DETECT_BYTES = 16 << 20;

    enum Format { UNIFIED, JDK8 }

    private static final java.util.Set<String> KNOWN_COLLECTORS = java.util.Set.of("G1", "Serial", "Parallel", "ZGC",
            "Generational ZGC", "Shenandoah", "CMS", "Epsilon");

    private GcLogReader() {
    }

    /** One file's events, kept apart until the files are ordered. */
    private record Part(Path file, Format format, List<GcEvent> events) {
    }

    /** Parses all files into sink (events in content order); returns the format names seen. */
    static List<String> read(List<Path> files, ParseSink sink, List<String> orderedSources) throws BrinkUserException {
        if (files.isEmpty()) {
            throw new BrinkUserException("no GC log given: expected one or more files");
        }
        List<Part> parts = new ArrayList<>();
        for (Path f : files) {
            Format format = detect(f);
            int before = sink.events.size();
            sink.file = f.getFileName() == null ? f.toString() : f.getFileName().toString();
            parse(f, format, sink);
            List<GcEvent> mine = new ArrayList<>(sink.events.subList(before, sink.events.size()));
            sink.events.subList(before, sink.events.size()).clear();
            parts.add(new Part(f, format, mine));
        }
        parts.sort(Comparator.comparingDouble(GcLogReader::firstTime));
        List<String> formats = new ArrayList<>();
        for (Part p : parts) {
            sink.events.addAll(p.events());
            orderedSources.add(p.file().toString());
            String name = p.format() == Format.UNIFIED ? "unified" : "jdk8";
            if (!formats.contains(name)) {
                formats.add(name);
            }
        }
        if (sink.events.isEmpty()) {
            throw new BrinkUserException(files.size() == 1
                    ? files.get(0) + ": no GC events in " + sink.lines + " lines (expected -Xlog:gc or -XX:+PrintGCDetails output)"
                    : "no GC events in " + files.size() + " files, " + sink.lines + " lines (expected -Xlog:gc or -XX:+PrintGCDetails output)");
        }
        return formats;
    }

    /** Wall-clock time of a part's first event when known, else its uptime: rotated files of one JVM share both. */
    private static double firstTime(Part p) {
        for (GcEvent e : p.events()) {
            if (e.epochMs() >= 0) {
                return e.epochMs() / 1000.0;
            }
            if (!Double.isNaN(e.uptimeSec())) {
                return e.uptimeSec();
            }
        }
        return Double.MAX_VALUE;
    }

    /** Opens a GC log after {@link InputFiles#open}'s checks: a FIFO or a device would block or never end. */
    static InputStream open(Path f) throws BrinkUserException {
        InputStream raw = InputFiles.open(f, InputKind.GC_LOG);
        try {
            InputStream in = new BufferedInputStream(raw, 1 << 16);
            in.mark(2);
            int b1 = in.read();
            int b2 = in.read();
            in.reset();
            if (b1 == 0x1f && b2 == 0x8b) {
                return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
            }
            return in;
        } catch (NoSuchFileException e) {
            throw new BrinkUserException(f + ": no such file");
        } catch (IOException e) {
            throw new BrinkUserException(f + ": cannot read: " + e.getMessage());
        }
    }

    static LineReader reader(Path f) throws BrinkUserException {
        // ISO-8859-1 never fails on a byte and decodes fastest; GC logs are ASCII
        return new LineReader(open(f));
    }

    static Format detect(Path f) throws BrinkUserException {
        int unified = 0;
        int jdk8 = 0;
        try (LineReader r = reader(f)) {
            String line;
            long bytes = 0;
            for (int i = 0; i < DETECT_LINES && bytes < DETECT_BYTES && (line = r.readLine()) != null; i++) {
                bytes += line.length() + 1;
                String s = line.strip();
                if (i < 5 && (s.startsWith("<?xml") || s.startsWith("<verbosegc"))) {
                    throw new BrinkUserException(f + ":" + (i + 1) + ": IBM J9/OpenJ9 verbose GC XML is not supported;"
                            + " expected HotSpot -Xlog:gc or -XX:+PrintGCDetails output");
                }
                if (Jdk8LogParser.looksLikeEvent(s) || s.startsWith("CommandLine flags:")) {
                    jdk8++;
                } else if (looksUnified(s)) {
                    unified++;
                }
                if (unified + jdk8 >= 20) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new BrinkUserException(f + ": cannot read: " + e.getMessage());
        }
        if (unified == 0 && jdk8 == 0) {
            throw new BrinkUserException(f + ": not a GC log: no unified-logging GC line and no PrintGCDetails event"
                    + " in the first " + DETECT_LINES + " lines (or " + (DETECT_BYTES >> 20) + " MiB)");
        }
        return unified >= jdk8 ? Format.UNIFIED : Format.JDK8;
    }

    /** A unified-logging GC line: optional [decorators], then "GC(n) " or "Using <collector>". */
    static boolean looksUnified(String s) {
        int p = 0;
        while (p < s.length() && s.charAt(p) == '[') {
            int e = s.indexOf(']', p);
            if (e < 0) {
                return false;
            }
            p = e + 1;
        }
        while (p < s.length() && s.charAt(p) == ' ') {
            p++;
        }
        return s.startsWith("GC(", p) || s.startsWith("Using ", p) && p > 0
                && KNOWN_COLLECTORS.contains(UnifiedLogParser.collector(s.substring(p + 6).strip()));
    }

    private static void parse(Path f, Format format, ParseSink sink) throws BrinkUserException {
        LineParser parser = format == Format.UNIFIED ? new UnifiedLogParser(sink) : new Jdk8LogParser(sink);
        long lineNo = 0;
        try (LinePump r = new LinePump(reader(f), String.valueOf(f.getFileName()))) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                parser.line(line, lineNo);
            }
        } catch (ImpossibleFigure e) {
            throw new BrinkUserException(f + ":" + lineNo + ": " + e.getMessage());
        } catch (ZipException e) {
            throw new BrinkUserException(f + ": corrupt gzip after line " + lineNo + ": " + e.getMessage());
        } catch (java.io.EOFException e) {
            throw new BrinkUserException(f + ": truncated gzip after line " + lineNo);
        } catch (IOException e) {
            throw new BrinkUserException(f + ": cannot read after line " + lineNo + ": " + e.getMessage());
        }
        parser.end();
        sink.lines += lineNo;
    }
}
