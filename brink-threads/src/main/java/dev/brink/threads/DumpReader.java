package dev.brink.threads;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Json;
import dev.brink.core.evidence.ThreadDumpDoc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Detects a file's format from its content and reads every dump in it. Detection never guesses: JSON must
 * be a JDK thread dump ("threadDump") or a {@value ThreadDumpDoc#FORMAT} document; text must hold a
 * "Full thread dump" line, or thread entries (a header line followed by its java.lang.Thread.State line),
 * which the caller reports as a headerless dump. Anything else is a {@link BrinkUserException} naming the
 * file and line. Stateless; safe from any thread.
 */
final class DumpReader {
    static final String EXPECTED = "expected jstack/jcmd Thread.print/kill -3 text, JDK 21+ jcmd Thread.dump_to_file "
            + "text or -format=json, or a " + ThreadDumpDoc.FORMAT + " document";

    /** JDK and observer dumps nest about 6 levels: a far deeper document is not a dump (and would cost stack). */
    static final int MAX_JSON_DEPTH = 100;
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_JSON_DEPTH).build())
            .build();

    private DumpReader() {
    }

    static List<ThreadDump> read(Path file) throws BrinkUserException {
        byte[] bytes = InputFiles.readBytes(file, InputKind.THREAD_DUMP);
        try {
            return read(file.toString(), bytes);
        } catch (OutOfMemoryError e) { // within the limit, but a small -Xmx
            throw new BrinkUserException(file + ": " + bytes.length + " bytes do not fit this JVM's heap ("
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB): give Brink more, e.g. BRINK_JAVA_OPTS=-Xmx4g");
        }
    }

    static List<ThreadDump> read(String source, byte[] bytes) throws BrinkUserException {
        // decoding replaces malformed bytes: a flipped byte in a name must not lose the dump
        String text = new String(bytes, StandardCharsets.UTF_8);
        int first = 0;
        while (first < text.length() && (Character.isWhitespace(text.charAt(first)) || text.charAt(first) == '\uFEFF')) first++;
        if (first == text.length()) {
            throw new BrinkUserException(source + ":1: empty file: " + EXPECTED);
        }
        if (looksLikeJson(text, first)) {
            return readJson(source, text);
        }
        List<String> lines = text.lines().toList();
        refuseJavacore(source, lines);
        if (JdkTextParser.startsDump(lines, lineOf(text, first) - 1)) return JdkTextParser.parse(source, lines);
        lines = LogPrefixes.strip(lines);
        List<ThreadDump> dumps = JstackTextParser.parse(source, lines);
        if (!dumps.isEmpty()) return dumps;
        if (hasThreadEntries(lines)) return JstackTextParser.parseHeaderless(source, lines);
        int lineNo = lineOf(text, first);
        String shown = lines.get(lineNo - 1).strip();
        if (shown.length() > 60) shown = shown.substring(0, 60) + "…";
        throw new BrinkUserException(source + ":" + lineNo + ": not a thread dump (\"" + shown + "\"): " + EXPECTED);
    }

    /**
     * IBM J9 / Eclipse OpenJ9 javacore files are a different world (sections tagged 0SECTION, 1XMTHDINFO, 3XMTHREADINFO…,
     * monitors in their own section); Brink does not read them, and says so rather than "not a thread dump".
     */
    private static void refuseJavacore(String source, List<String> lines) throws BrinkUserException {
        for (int i = 0; i < Math.min(lines.size(), 40); i++) {
            String t = lines.get(i).strip();
            if (t.startsWith("0SECTION") || t.startsWith("1TISIGINFO") || t.startsWith("1XMTHDINFO")) {
                throw new BrinkUserException(source + ":" + (i + 1) + ": IBM/OpenJ9 javacore is not supported: "
                        + EXPECTED);
            }
        }
    }

    /** "{…", or "[" then "{" or "]": a log line such as "[0.005s][info][gc]" also starts with "[". */
    private static boolean looksLikeJson(String text, int first) {
        if (text.charAt(first) == '{') return true;
        if (text.charAt(first) != '[') return false;
        int i = first + 1;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        return i < text.length() && (text.charAt(i) == '{' || text.charAt(i) == ']');
    }

    private static boolean hasThreadEntries(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.startsWith("\"") && t.contains("prio=") && lines.get(i + 1).strip().startsWith("java.lang.Thread.State:")) {
                return true;
            }
        }
        return false;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') line++;
        return line;
    }

    /** One JSON value, an array of them, or several one after the other (one observer document per line). */
    private static List<ThreadDump> readJson(String source, String text) throws BrinkUserException {
        List<ThreadDump> dumps = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            p.setCodec(Json.MAPPER);
            try {
                while (p.nextToken() != null) {
                    int line = p.currentTokenLocation().getLineNr();
                    JsonNode root = Json.MAPPER.readTree(p);
                    if (root.isArray()) {
                        for (JsonNode n : root) dumps.add(jsonDoc(source, line, n));
                    } else {
                        dumps.add(jsonDoc(source, line, root));
                    }
                }
            } catch (StreamConstraintsException e) { // carries no location: the parser knows where it stopped
                throw new BrinkUserException(source + ":" + p.currentLocation().getLineNr() + ": JSON nested deeper than "
                        + MAX_JSON_DEPTH + " levels: " + EXPECTED);
            }
            return dumps;
        } catch (JsonProcessingException e) {
            throw new BrinkUserException(source + ":" + (e.getLocation() == null ? 1 : e.getLocation().getLineNr()) + ": broken JSON ("
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("") + "): " + EXPECTED);
        } catch (IOException e) {
            throw new BrinkUserException(source + ": cannot read JSON: " + e.getMessage());
        }
    }

    private static ThreadDump jsonDoc(String source, int line, JsonNode n) throws BrinkUserException {
        if (n.has("threadDump")) return JdkJsonParser.parse(source, n);
        if (ThreadDumpDoc.FORMAT.equals(n.path("format").asText(null))) {
            try {
                return ObserverJsonParser.convert(source, line, Json.MAPPER.treeToValue(n, ThreadDumpDoc.class));
            } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
                throw new BrinkUserException(source + ":" + line + ": " + ThreadDumpDoc.FORMAT + " document does not "
                        + "fit its schema: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
            }
        }
        throw new BrinkUserException(source + ":" + line + ": JSON but not a thread dump (no \"threadDump\" and no "
                + "\"format\": \"" + ThreadDumpDoc.FORMAT + "\"): " + EXPECTED);
    }
}
