package dev.brink.load.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A whole HTTP/1.1 response as the bytes that came off the wire (status line, headers, body as framed),
 * read for correlation and content checks: header values by name, the body de-chunked, the body as JSON
 * (parsed once, on first use). Built only for operations that extract or check content, so the plain
 * request path never pays for it. Not thread-safe; one per response.
 */
public final class CapturedResponse {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int status;
    private final List<String[]> headers = new ArrayList<>(); // {lower-case name, value}
    private final byte[] body;
    private String bodyText;
    private JsonNode json;
    private boolean jsonTried;

    private CapturedResponse(int status, byte[] body) {
        this.status = status;
        this.body = body;
    }

    /**
     * Reads {@code raw[0..length)}, one complete response that the engine's parser accepted (so the framing is
     * known good). A body longer than what was captured is cut where the capture stopped.
     */
    public static CapturedResponse parse(byte[] raw, int length) {
        int lineEnd = indexOf(raw, 0, length, (byte) '\n');
        String statusLine = ascii(raw, 0, lineEnd < 0 ? length : lineEnd);
        int status = statusLine.length() >= 12 ? parseStatus(statusLine) : 0;
        int at = lineEnd + 1;
        List<String[]> headers = new ArrayList<>();
        boolean chunked = false;
        while (lineEnd >= 0 && at < length) {
            int end = indexOf(raw, at, length, (byte) '\n');
            if (end < 0) end = length;
            String line = ascii(raw, at, end).strip();
            at = end + 1;
            if (line.isEmpty()) break;
            int colon = line.indexOf(':');
            if (colon <= 0) continue;
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            headers.add(new String[] {name, value});
            if (name.equals("transfer-encoding") && value.toLowerCase(Locale.ROOT).contains("chunked")) chunked = true;
        }
        int from = Math.min(at, length);
        byte[] body = chunked ? dechunk(raw, from, length) : java.util.Arrays.copyOfRange(raw, from, length);
        CapturedResponse r = new CapturedResponse(status, body);
        r.headers.addAll(headers);
        return r;
    }

    private static int parseStatus(String line) {
        try {
            return Integer.parseInt(line.substring(9, 12));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static byte[] dechunk(byte[] raw, int from, int length) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(Math.max(16, length - from));
        int at = from;
        while (at < length) {
            int end = indexOf(raw, at, length, (byte) '\n');
            if (end < 0) break;
            String size = ascii(raw, at, end).strip();
            int semi = size.indexOf(';');
            if (semi >= 0) size = size.substring(0, semi).strip();
            int n;
            try {
                n = Integer.parseInt(size, 16);
            } catch (NumberFormatException e) {
                break;
            }
            if (n == 0) break;
            at = end + 1;
            int take = Math.min(n, length - at);
            out.write(raw, at, take);
            at += take + 2; // CRLF after the data
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] raw, int from, int to, byte b) {
        for (int i = from; i < to; i++) if (raw[i] == b) return i;
        return -1;
    }

    private static String ascii(byte[] raw, int from, int to) {
        return new String(raw, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }

    public int status() {
        return status;
    }

    /** The first value of header {@code lowerName}, or null. */
    public String header(String lowerName) {
        for (String[] h : headers) if (h[0].equals(lowerName)) return h[1];
        return null;
    }

    /** Every value of header {@code lowerName} (Set-Cookie comes once per cookie). */
    public List<String> headers(String lowerName) {
        List<String> out = new ArrayList<>();
        for (String[] h : headers) if (h[0].equals(lowerName)) out.add(h[1]);
        return out;
    }

    /** The body as UTF-8 text. */
    public String bodyText() {
        if (bodyText == null) bodyText = new String(body, StandardCharsets.UTF_8);
        return bodyText;
    }

    /** The body as JSON, or null when it is not JSON. */
    public JsonNode json() {
        if (!jsonTried) {
            jsonTried = true;
            try {
                json = JSON.readTree(body);
            } catch (IOException e) {
                json = null;
            }
        }
        return json;
    }
}
