package dev.brink.load.plan.har;

import dev.brink.load.plan.har.HarReader.Entry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Correlations a recording shows: a value a response gave that a later request sends back (an id in a link, a CSRF
 * token in a form) becomes an {@code extract} on the step that received it and {@code ${session.NAME}} in the requests
 * that send it, so each virtual user sends its own value, not the one recorded.
 */
final class HarCorrelations {
    private static final Pattern INPUT = Pattern.compile("(?is)<input\\b[^>]*>");
    private static final Pattern INPUT_NAME = Pattern.compile("(?is)(?<![\\w-])name\\s*=\\s*[\"']?([^\"'\\s>]+)");

    /** A value a response gave, how to take it from that response, and its session name. */
    private record Source(String key, String expr, String name) {
    }

    /** Per step: its path+query, its form values; rewritten in place where a correlation is found. */
    final String[] target;
    final List<Map<String, String>> forms = new ArrayList<>();
    /** Per step: name → {kind, expression}. */
    final List<Map<String, String[]>> extracts = new ArrayList<>();
    final List<String> found = new ArrayList<>();

    HarCorrelations(List<Entry> kept, String[] names) {
        int n = kept.size();
        target = new String[n];
        for (int i = 0; i < n; i++) {
            Entry e = kept.get(i);
            target[i] = (e.url().getRawPath() == null || e.url().getRawPath().isEmpty() ? "/" : e.url().getRawPath())
                    + (e.url().getRawQuery() == null ? "" : "?" + e.url().getRawQuery());
            forms.add(e.form() == null ? null : new LinkedHashMap<>(e.form()));
            extracts.add(new LinkedHashMap<>());
        }
        Set<String> used = new HashSet<>();
        for (int j = 1; j < n; j++) {
            for (String token : tokens(target[j], forms.get(j))) {
                if (token.contains("${") || !interesting(token)) continue;
                int from = producer(kept, j, token);
                if (from < 0) continue;
                Source s = source(kept.get(from).responseText(), token, used);
                if (s == null) continue;
                used.add(s.name);
                extracts.get(from).put(s.name, new String[] {s.key, s.expr});
                List<String> users = new ArrayList<>();
                String ref = "${session." + s.name + "}";
                for (int k = from + 1; k < n; k++) {
                    boolean hit = false;
                    String t = replaceToken(target[k], token, ref);
                    if (!t.equals(target[k])) {
                        target[k] = t;
                        hit = true;
                    }
                    if (forms.get(k) != null) {
                        for (Map.Entry<String, String> f : forms.get(k).entrySet()) {
                            if (f.getValue().equals(token)) {
                                f.setValue(ref);
                                hit = true;
                            }
                        }
                    }
                    if (hit) users.add(names[k]);
                }
                found.add(s.name + " = " + s.key + " " + s.expr + " from " + names[from] + ", sent by " + String.join(", ", users));
            }
        }
    }

    /** The values a request sends that may have come from a response: path segments, query values, form values. */
    private static List<String> tokens(String target, Map<String, String> form) {
        List<String> out = new ArrayList<>();
        int qm = target.indexOf('?');
        for (String seg : (qm < 0 ? target : target.substring(0, qm)).split("/")) out.add(HarReader.decode(seg));
        if (qm >= 0) {
            for (String pair : target.substring(qm + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq >= 0) out.add(HarReader.decode(pair.substring(eq + 1)));
            }
        }
        if (form != null) out.addAll(form.values());
        return out;
    }

    /** Long enough to be an id or a token, not a word of the site's own vocabulary ("new", "edit", "true"). */
    private static boolean interesting(String t) {
        if (t.length() < 3 || t.length() > 512 || t.chars().anyMatch(c -> c < ' ' || c == 0x7f)) return false;
        return t.chars().anyMatch(Character::isDigit) || t.length() >= 16;
    }

    /** The step whose response first held {@code token}, if no request before that response sent it already; else -1. */
    private int producer(List<Entry> kept, int j, String token) {
        for (int i = 0; i < j; i++) {
            if (tokens(target[i], forms.get(i)).contains(token)) return -1; // the user brought it, not a response
            if (kept.get(i).responseText().contains(token)) return i;
        }
        return -1;
    }

    /** How to take {@code token} from {@code body}: a form field, a JSON value, or a regex on the text around it. */
    private static Source source(String body, String token, Set<String> used) {
        Matcher in = INPUT.matcher(body);
        while (in.find()) {
            Matcher a = INPUT_NAME.matcher(in.group());
            // the plan's extractor takes the first input of a name: right only when that one holds the value
            if (a.find() && token.equals(dev.brink.load.flow.Extractor.formField(body, a.group(1)))) {
                return new Source("form_field", a.group(1), unique(a.group(1), used));
            }
        }
        String path = JsonPaths.find(body, token);
        if (path != null) return new Source("json", path, unique(path.substring(path.lastIndexOf('.') + 1), used));
        int k = -1;
        while ((k = body.indexOf(token, k + 1)) >= 0) {
            boolean left = k == 0 || !Character.isLetterOrDigit(body.charAt(k - 1));
            int end = k + token.length();
            boolean right = end == body.length() || !Character.isLetterOrDigit(body.charAt(end));
            if (!left || !right) continue;
            int from = Math.max(0, k - 20);
            String prefix = body.substring(from, k);
            int nl = Math.max(prefix.lastIndexOf('\n'), prefix.lastIndexOf('\r'));
            prefix = prefix.substring(nl + 1);
            if (prefix.isEmpty()) continue;
            String cls = token.chars().allMatch(Character::isDigit) ? "[0-9]+" : "[A-Za-z0-9_.~-]+";
            if (!token.matches(cls)) return null;
            String regex = Pattern.quote(prefix) + "(" + cls + ")";
            Matcher m = Pattern.compile(regex).matcher(body);
            if (m.find() && m.group(1).equals(token)) {
                String word = prefix.replaceAll("[^A-Za-z]+", " ").trim();
                String last = word.isEmpty() ? "value" : word.substring(word.lastIndexOf(' ') + 1);
                return new Source("regex", regex, unique(last + "Id", used));
            }
            return null;
        }
        return null;
    }

    private static String unique(String raw, Set<String> used) {
        String base = raw.replaceAll("[^A-Za-z0-9_]", "_").replaceFirst("^[^A-Za-z]+", "");
        if (base.isEmpty()) base = "value";
        String name = base;
        for (int k = 2; used.contains(name); k++) name = base + k;
        return name;
    }

    /** {@code target} with each whole path segment or query value equal to {@code token} (as sent) replaced by {@code ref}. */
    private static String replaceToken(String target, String token, String ref) {
        int qm = target.indexOf('?');
        String path = qm < 0 ? target : target.substring(0, qm);
        String[] segs = path.split("/", -1);
        for (int i = 0; i < segs.length; i++) if (HarReader.decode(segs[i]).equals(token)) segs[i] = ref;
        StringBuilder b = new StringBuilder(String.join("/", segs));
        if (qm >= 0) {
            String[] pairs = target.substring(qm + 1).split("&", -1);
            for (int i = 0; i < pairs.length; i++) {
                int eq = pairs[i].indexOf('=');
                if (eq >= 0 && HarReader.decode(pairs[i].substring(eq + 1)).equals(token)) pairs[i] = pairs[i].substring(0, eq + 1) + ref;
            }
            b.append('?').append(String.join("&", pairs));
        }
        return b.toString();
    }
}
