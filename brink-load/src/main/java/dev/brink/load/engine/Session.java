package dev.brink.load.engine;

import dev.brink.load.flow.CapturedResponse;
import dev.brink.load.flow.Cookies;
import dev.brink.load.flow.Extractor;
import dev.brink.load.plan.FormBody;
import dev.brink.load.plan.JsonBody;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One virtual user's state between its requests: where it is in its flow, the values its responses gave
 * ({@code ${session.NAME}}) and its cookies. A closed-model user keeps its cookies from flow to flow, as a
 * browser does; an open-model flow is a new visitor and starts empty. Event-loop confined.
 *
 * <p>Values are few (a flow extracts a handful), so they live in two small parallel arrays searched by name
 * identity first: the names come from the same compiled plan, so the search rarely calls equals.
 */
public final class Session {
    int flow = -1;
    int step;
    long flowStart;
    /** This user's flow runs so far, the current one's number among all users' runs, its requests so far. */
    long flowRun;
    long flowTicket;
    long requests;
    private String[] names = new String[4];
    private byte[][] values = new byte[4][];
    private int count;
    private final Map<String, String> cookies = new LinkedHashMap<>();
    /** "a=1; b=2" as bytes, rebuilt when a cookie changes; null when the user has none. */
    public byte[] cookieHeader;

    /** A new visitor: no values, no cookies. */
    void clear() {
        Arrays.fill(values, 0, count, null);
        Arrays.fill(names, 0, count, null);
        count = 0;
        cookies.clear();
        cookieHeader = null;
        flow = -1;
        step = 0;
        flowRun = 0;
        flowTicket = 0;
        requests = 0;
    }

    byte[] get(String name) {
        for (int i = 0; i < count; i++) if (names[i] == name) return values[i];
        for (int i = 0; i < count; i++) if (names[i].equals(name)) return values[i];
        return null;
    }

    public void put(String name, byte[] value) {
        for (int i = 0; i < count; i++) {
            if (names[i].equals(name)) {
                values[i] = value;
                return;
            }
        }
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
            values = Arrays.copyOf(values, count * 2);
        }
        names[count] = name;
        values[count++] = value;
    }

    /**
     * Takes what {@code op} needs from its response ({@code raw[0..length)}): cookies, then each extract.
     * False when a value is missing or could not go into a later request (CR, LF or NUL): the caller counts
     * {@code extract-failed}. Runs only for operations that capture (see {@link OpState#captures}).
     */
    public boolean absorb(OpState op, byte[] raw, int length) {
        if (op.extractors.length == 0 && !mentionsSetCookie(raw, length)) return true; // nothing to read: no allocation
        CapturedResponse r = CapturedResponse.parse(raw, length);
        absorbCookies(r);
        boolean ok = true;
        for (Extractor e : op.extractors) {
            String v = e.apply(r);
            if (v == null || Template.Field.HEADER.firstForbidden(v) >= 0) {
                ok = false;
                continue;
            }
            put(e.name(), v.getBytes(StandardCharsets.UTF_8));
        }
        return ok;
    }

    /** Keeps the cookies {@code r} sets (and forgets those it deletes). */
    public void absorbCookies(CapturedResponse r) {
        boolean changed = false;
        for (String set : r.headers("set-cookie")) {
            String[] nv = Cookies.nameValue(set);
            if (nv == null) continue;
            if (Cookies.deletes(set)) changed |= cookies.remove(nv[0]) != null;
            else changed |= !nv[1].equals(cookies.put(nv[0], nv[1]));
        }
        if (changed) cookieHeader = renderCookies();
    }

    private byte[] renderCookies() {
        if (cookies.isEmpty()) return null;
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> c : cookies.entrySet()) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(c.getKey()).append('=').append(c.getValue());
        }
        // a cookie value with CR/LF would inject a header: such cookies are not sent
        String s = sb.toString();
        return Template.Field.HEADER.firstForbidden(s) >= 0 ? null : s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** "set-cookie:" at a line start in the header block, case-insensitively, without allocating. */
    private static boolean mentionsSetCookie(byte[] raw, int length) {
        byte[] word = SET_COOKIE;
        for (int i = 0; i + word.length <= length; i++) {
            if (raw[i] == '\n') {
                if (i + 2 < length && raw[i + 1] == '\r' && raw[i + 2] == '\n' || i + 1 < length && raw[i + 1] == '\n') return false; // end of headers
                int k = 0;
                while (k < word.length && i + 1 + k < length && (raw[i + 1 + k] | 0x20) == word[k]) k++;
                if (k == word.length) return true;
            }
        }
        return false;
    }

    private static final byte[] SET_COOKIE = "set-cookie:".getBytes(StandardCharsets.US_ASCII);

    /**
     * Writes value {@code name} for {@code field}: into a path or a form value every byte outside RFC 3986's
     * unreserved set is percent-encoded (an id with a space or '/' stays one path segment); headers and bodies get it as is
     * (values with CR, LF or NUL never enter the session).
     */
    void write(ByteBuf buf, String name, Template.Field field) {
        byte[] v = get(name);
        if (v == null) return; // cannot happen: the plan binder lets a step use only values earlier steps extracted
        if (field == Template.Field.PATH || field == Template.Field.FORM) FormBody.writeEncoded(buf, v);
        else if (field == Template.Field.JSON) JsonBody.writeEscaped(buf, v);
        else buf.writeBytes(v);
    }
}
