package dev.brink.load.plan.har;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.PlanYamlWriter;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.plan.har.HarReader.Entry;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A plan from a recording (HAR 1.2, see {@link HarReader} for the recorders it reads): the requests to one origin in
 * order as one flow of one closed-model user. A redirect chain the browser followed is one step that follows redirects
 * (its check the chain's last answer), starting at the first hop on the plan's origin (an http→https or a bare-domain
 * hop before it is the browser's way there); think time from the recorded gaps; static assets (styles, scripts, images,
 * fonts) skipped and listed; cookies left to the plan's per-user cookie jar; correlations suggested ({@link HarCorrelations}).
 * A request without a recorded answer is kept, its check any 2xx or 3xx. Nothing is dropped silently: every entry left
 * out is listed with why.
 */
public final class HarImport {
    private static final Pattern STATIC_PATH = Pattern.compile(
            "(?i).*\\.(css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|eot|mp4|webm|mp3|wav)$");
    /** The longest think time taken from a recording: a user who left the tab for an hour is not a think time. */
    private static final long MAX_THINK_MS = 60_000;
    /** Room for quoting within a plan's longest line (escapes may double a recorded text). */
    private static final int MAX_LITERAL = PlanReader.MAX_LINE_CHARS / 3;

    /**
     * @param plan         the plan as YAML text
     * @param skipped      every entry left out, "METHOD URL: why"
     * @param correlations each suggested correlation, "NAME from STEP (source) used by STEP, …"
     */
    public record Result(String plan, int steps, List<String> skipped, List<String> correlations) {
    }

    /** One step: the entry sent, the redirects it follows to the chain's last answer (that answer's status is checked). */
    private record Step(Entry sent, int follow, Entry last) {
    }

    private HarImport() {
    }

    /**
     * @param file          the HAR's name, for errors
     * @param host          keep only requests to this host ("host" or "host:port"); null: the first page's
     * @param includeStatic keep static assets too
     */
    public static Result convert(String text, String file, String host, boolean includeStatic) throws BrinkUserException {
        List<String> skipped = new ArrayList<>();
        List<Entry> all = HarReader.read(text, file, skipped);
        if (all.isEmpty()) throw new BrinkUserException(file + ": no HTTP request in the recording to make a plan of");
        Map<Entry, Entry> next = redirects(all);
        Set<Entry> hops = new HashSet<>(next.values());
        String origin = origin(all, host);
        if (origin == null) throw new BrinkUserException(file + ": no request to " + host + " in the recording to make a plan of");
        List<Step> steps = new ArrayList<>();
        for (Entry e : all) {
            if (hops.contains(e)) continue; // a hop of a chain: its head decides
            List<Entry> chain = new ArrayList<>();
            for (Entry h = e; h != null; h = next.get(h)) chain.add(h);
            chainSteps(chain, origin, includeStatic, steps, skipped);
        }
        if (steps.isEmpty()) throw new BrinkUserException(file + ": no request to " + origin + " left to make a plan of (all "
                + all.size() + " were skipped)");
        // recorded order by start; entries without a start time stay in the recording's order
        if (steps.stream().allMatch(s -> s.sent.startMs() >= 0)) {
            steps.sort(java.util.Comparator.comparingLong((Step s) -> s.sent.startMs()).thenComparingInt(s -> s.sent.index()));
        }
        return write(steps, URI.create(origin), skipped, file);
    }

    /** Each redirect's next hop: the first later entry asking for where it pointed (GET after a 301, 302 or 303). */
    private static Map<Entry, Entry> redirects(List<Entry> all) {
        Map<Entry, Entry> next = new LinkedHashMap<>();
        Set<Entry> taken = new HashSet<>();
        for (int i = 0; i < all.size(); i++) {
            Entry e = all.get(i);
            if (!e.redirect()) continue;
            for (int j = i + 1; j < all.size(); j++) {
                Entry f = all.get(j);
                boolean method = f.method().equals(e.method()) || f.method().equals("GET") && e.status() != 307 && e.status() != 308;
                if (!taken.contains(f) && method && same(f.url(), e.location())) {
                    next.put(e, f);
                    taken.add(f);
                    break;
                }
            }
        }
        return next;
    }

    /**
     * The steps of one chain (a lone request is a chain of one): each run of consecutive hops on the origin is one step
     * following the run's redirects, when the run ends on the origin; a run that redirects elsewhere at its end cannot
     * follow (the plan's requests stay on its target), so its hops are steps of their own, each checking its redirect.
     */
    private static void chainSteps(List<Entry> chain, String origin, boolean includeStatic, List<Step> steps, List<String> skipped) {
        int i = 0;
        boolean reached = false;
        boolean leadsThere = chain.stream().anyMatch(h -> origin(h.url()).equals(origin));
        while (i < chain.size()) {
            Entry e = chain.get(i);
            if (!origin(e.url()).equals(origin)) {
                skipped.add(e.method() + " " + e.url() + ": " + (e.redirect() && !reached && leadsThere
                        ? "a redirect on the browser's way to " + origin + " (the plan starts where it led)"
                        : "another origin than " + origin));
                i++;
                continue;
            }
            reached = true;
            int end = i;
            while (end + 1 < chain.size() && origin(chain.get(end + 1).url()).equals(origin)) end++;
            boolean leaves = chain.get(end).redirect() && end + 1 < chain.size();
            if (leaves) {
                for (int k = i; k <= end; k++) keep(new Step(chain.get(k), 0, chain.get(k)), includeStatic, steps, skipped);
            } else {
                keep(new Step(e, end - i, chain.get(end)), includeStatic, steps, skipped);
            }
            i = end + 1;
        }
    }

    private static void keep(Step s, boolean includeStatic, List<Step> steps, List<String> skipped) {
        Entry e = s.sent;
        String why = null;
        if (!includeStatic && isStatic(s.last)) why = "static asset (--include-static keeps them)";
        else if (e.method().equals("OPTIONS")) why = "a CORS preflight the browser sends on its own";
        else if ((e.body() != null && e.body().length() > MAX_LITERAL) || e.url().toString().length() > MAX_LITERAL) {
            why = "a body or URL longer than " + MAX_LITERAL + " characters (a plan line holds at most " + PlanReader.MAX_LINE_CHARS
                    + ": write it as a template by hand)";
        }
        if (why != null) skipped.add(e.method() + " " + e.url() + ": " + why);
        else steps.add(s);
    }

    /** The plan's origin: the one given, else the first page's (an HTML answer), else the first answered request's. */
    private static String origin(List<Entry> all, String host) {
        if (host != null) {
            return all.stream().filter(e -> authority(e.url()).equalsIgnoreCase(host) || e.url().getHost().equalsIgnoreCase(host))
                    .filter(e -> !e.redirect()).findFirst().map(e -> origin(e.url())).orElse(null);
        }
        return all.stream().filter(e -> e.status() >= 200 && e.status() < 300 && e.responseMime().startsWith("text/html")).findFirst()
                .or(() -> all.stream().filter(e -> e.status() >= 200 && e.status() < 400 && !e.redirect()).findFirst())
                .or(() -> all.stream().findFirst()).map(e -> origin(e.url())).orElse(null);
    }

    static String origin(URI u) {
        return u.getScheme().toLowerCase(Locale.ROOT) + "://" + authority(u).toLowerCase(Locale.ROOT);
    }

    private static String authority(URI u) {
        boolean defaultPort = u.getPort() < 0 || u.getPort() == 80 && "http".equalsIgnoreCase(u.getScheme())
                || u.getPort() == 443 && "https".equalsIgnoreCase(u.getScheme());
        return defaultPort ? u.getHost() : u.getHost() + ":" + u.getPort();
    }

    private static boolean same(URI a, URI b) {
        if (a == null || b == null) return false;
        String pa = a.getRawPath() == null || a.getRawPath().isEmpty() ? "/" : a.getRawPath();
        String pb = b.getRawPath() == null || b.getRawPath().isEmpty() ? "/" : b.getRawPath();
        return origin(a).equals(origin(b)) && pa.equals(pb) && java.util.Objects.equals(a.getRawQuery(), b.getRawQuery());
    }

    private static boolean isStatic(Entry e) {
        String m = e.responseMime();
        return STATIC_PATH.matcher(e.url().getRawPath() == null ? "" : e.url().getRawPath()).matches() || m.startsWith("image/")
                || m.startsWith("font/") || m.startsWith("text/css") || m.contains("javascript") || m.startsWith("video/")
                || m.startsWith("audio/");
    }

    private static Result write(List<Step> steps, URI base, List<String> skipped, String file) {
        int n = steps.size();
        List<Entry> sent = steps.stream().map(Step::sent).toList();
        String[] names = stepNames(sent);
        HarCorrelations c = new HarCorrelations(sent, names);
        PlanYamlWriter.Mapping doc = PlanYamlWriter.document();
        doc.comment("made by brink import har from " + file + ": " + n + " requests of " + origin(base) + ", " + skipped.size()
                + " left out (listed by the command)");
        doc.put("name", planName(base));
        // an https site the browser spoke HTTP/2 to is loaded over HTTP/2 too (h2 by ALPN), as its users reach it
        boolean https = base.getScheme().equalsIgnoreCase("https");
        boolean h2 = https && sent.stream().filter(Entry::http2).count() * 2 > n;
        PlanYamlWriter.Mapping target = doc.inline("target", h2 ? "recorded over HTTP/2: loaded over h2 (drop http2 to load over HTTP/1.1)" : null);
        target.put("base_url", origin(base));
        if (h2) target.put("http2", true);
        // each step thinks the gap the person left after its chain's last answer (0 when the browser sent the next request
        // before that answer ended: it did not wait for it); after the last step, before the flow starts again, the user
        // thinks within the range of the recorded gaps. A recording without start times has none.
        long[] thinkAfter = new long[n];
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            Entry prev = steps.get(i - 1).last;
            Entry cur = steps.get(i).sent;
            if (prev.startMs() < 0 || cur.startMs() < 0) continue;
            long gap = cur.startMs() - (prev.startMs() + Math.round(prev.timeMs()));
            thinkAfter[i - 1] = Math.max(0, Math.min(gap, MAX_THINK_MS));
            if (gap > 0) gaps.add(thinkAfter[i - 1]);
        }
        if (gaps.isEmpty()) {
            doc.put("users", 1);
        } else {
            long min = gaps.stream().mapToLong(Long::longValue).min().orElse(0);
            long max = gaps.stream().mapToLong(Long::longValue).max().orElse(0);
            doc.inline("users").put("count", 1).put("think", min == max ? min + "ms" : min + "ms.." + max + "ms");
        }
        PlanYamlWriter.Mapping flow = doc.list("flows").map();
        flow.put("name", "recorded").put("weight", 1);
        PlanYamlWriter.Sequence list = flow.list("steps");
        String page = null;
        for (int i = 0; i < n; i++) {
            Step s = steps.get(i);
            Entry e = s.sent;
            PlanYamlWriter.Mapping st = list.map();
            boolean newPage = !e.page().isEmpty() && !e.page().equals(page);
            page = e.page().isEmpty() ? page : e.page();
            st.put("name", names[i], newPage ? "page: " + e.page() : null);
            PlanYamlWriter.Mapping r = st.map("request");
            r.put("method", e.method());
            r.put("path", literal(c.target[i]));
            Map<String, String> headers = new LinkedHashMap<>(e.headers());
            if (c.forms.get(i) != null || e.body() == null) headers.remove("content-type");
            if (!headers.isEmpty()) {
                PlanYamlWriter.Mapping h = r.inline("headers");
                headers.forEach((k, v) -> h.put(k, k.equals("authorization") ? "${env.BRINK_AUTHORIZATION}" : literal(v)));
            }
            if (c.forms.get(i) != null) {
                PlanYamlWriter.Mapping f = r.inline("form"); // a form's names are literal text, its values templates
                c.forms.get(i).forEach((k, v) -> f.put(k, v.startsWith("${session.") ? v : literal(v)));
            } else if (e.body() != null) {
                r.put("body", literal(e.body()));
            }
            if (s.follow > 0) {
                r.put("follow_redirects", s.follow, "recorded: " + s.follow + " redirect" + (s.follow == 1 ? "" : "s") + " to "
                        + s.last.url().getRawPath() + ", answered " + (s.last.answered() ? s.last.status() : "nothing"));
            }
            int status = s.last.status();
            if (status == 304) st.inline("check", "a 304 answered the browser's cached copy; the plan has none").put("status", "200-399");
            else if (status > 0) st.inline("check").put("status", status);
            else st.comment("no answer was recorded: any 2xx or 3xx passes");
            if (i < n - 1 && !gaps.isEmpty()) st.put("think", thinkAfter[i] + "ms");
            if (!c.extracts.get(i).isEmpty()) {
                PlanYamlWriter.Mapping x = st.map("extract");
                c.extracts.get(i).forEach((k, v) -> x.inline(k).put(v[0], v[1]));
            }
        }
        return new Result(PlanYamlWriter.write(doc), n, List.copyOf(skipped), List.copyOf(c.found));
    }

    private static String planName(URI base) {
        String s = base.getHost().replaceAll("[^A-Za-z0-9_.-]", "-");
        return s.isEmpty() ? "recorded" : s;
    }

    /** "get-owners-id", unique: method and the path's words, ids and long tokens shown as "id". */
    private static String[] stepNames(List<Entry> kept) {
        String[] names = new String[kept.size()];
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < names.length; i++) {
            Entry e = kept.get(i);
            StringBuilder b = new StringBuilder(e.method().toLowerCase(Locale.ROOT));
            for (String seg : (e.url().getRawPath() == null ? "" : e.url().getRawPath()).split("/")) {
                if (seg.isEmpty()) continue;
                String w = seg.matches(".*[0-9].*") || seg.length() > 24 ? "id" : seg.replaceAll("[^A-Za-z0-9_.-]", "");
                if (!w.isEmpty()) b.append('-').append(w);
                if (b.length() > 48) break;
            }
            if (b.indexOf("-") < 0) b.append("-root");
            String name = b.toString();
            for (int k = 2; !taken.add(name); k++) name = b + "-" + k;
            names[i] = name;
        }
        return names;
    }

    /** Recorded text as a template: a literal "${" is written "$${" (keeping the session references this import put there). */
    private static String literal(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("${session.", i)) {
                int end = s.indexOf('}', i);
                b.append(s, i, end + 1);
                i = end + 1;
            } else if (s.startsWith("${", i)) {
                b.append("$${");
                i += 2;
            } else {
                b.append(s.charAt(i++));
            }
        }
        return b.toString();
    }
}
