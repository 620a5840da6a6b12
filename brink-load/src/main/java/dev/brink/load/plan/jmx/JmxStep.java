package dev.brink.load.plan.jmx;

import dev.brink.load.http.HttpWords;
import dev.brink.load.plan.jmx.JmxValues.Unconvertible;
import dev.brink.load.plan.jmx.JmxValues.Use;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One HTTP sampler as a flow step, with what applies to it by JMeter's scoping: the HTTP Request Defaults and header
 * managers in scope (the nearest default wins; headers merge outwards in, an inner one replacing an outer one of the same
 * name, as JMeter 5 merges them), and the extractors and assertions in scope (each applies to every sampler in its
 * scope). Timers are the caller's: they become think times. What an element in scope cannot say in a plan is reported
 * by {@link #problems}, keyed by the element, so the caller lists each element once.
 */
final class JmxStep {
    private static final Pattern SESSION_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Headers the connection decides, which Brink sets itself (a gzip answer would also defeat the extractors). */
    private static final Set<String> OWN_HEADERS = Set.of("host", "content-length", "connection", "accept-encoding", "transfer-encoding");

    /** The request as the plan writes it. */
    String method;
    String origin;
    String path;
    final Map<String, String> headers = new LinkedHashMap<>();
    String body;
    Map<String, String> form;
    boolean followRedirects;
    final Map<String, String> check = new LinkedHashMap<>();
    final Map<String, String[]> extract = new LinkedHashMap<>();
    /** Why an element in scope did not convert for this sampler (empty: it did). */
    final Map<JmxElement, String> problems = new LinkedHashMap<>();
    final List<JmxElement> used = new ArrayList<>();

    private JmxStep() {
    }

    /**
     * @param scope every element in scope, outermost first, the sampler's own children last
     * @throws Unconvertible the sampler itself cannot be a step (its host, path or method)
     */
    static JmxStep of(JmxElement sampler, List<JmxElement> scope, JmxValues values) throws Unconvertible {
        JmxStep s = new JmxStep();
        s.request(sampler, scope, values);
        for (JmxElement e : scope) {
            String c = e.testclass();
            try {
                if (c.equals("HeaderManager")) s.headers(e, values);
                else if (JmeterElements.EXTRACTORS.contains(c)) s.extractor(e);
                else if (c.equals("ResponseAssertion")) s.responseAssertion(e);
                else if (c.equals("JSONPathAssertion")) s.jsonAssertion(e);
                else continue;
                s.used.add(e);
            } catch (Unconvertible u) {
                s.problems.put(e, u.getMessage());
            }
        }
        return s;
    }

    /** The session names this step's extractors set, for the steps after it. */
    List<String> extracted() {
        return new ArrayList<>(extract.keySet());
    }

    private void request(JmxElement e, List<JmxElement> scope, JmxValues values) throws Unconvertible {
        String domain = e.prop("HTTPSampler.domain");
        String port = e.prop("HTTPSampler.port");
        String protocol = e.prop("HTTPSampler.protocol");
        String rawPath = e.prop("HTTPSampler.path");
        // the nearest HTTP Request Defaults fill what the sampler leaves empty (JMeter merges the innermost first)
        for (int i = scope.size() - 1; i >= 0; i--) {
            JmxElement d = scope.get(i);
            if (!d.testclass().equals("ConfigTestElement") || !d.has("HTTPSampler.domain") && !d.has("HTTPSampler.path")) continue;
            if (domain.isEmpty()) domain = d.prop("HTTPSampler.domain");
            if (port.isEmpty()) port = d.prop("HTTPSampler.port");
            if (protocol.isEmpty()) protocol = d.prop("HTTPSampler.protocol");
            if (rawPath.isEmpty()) rawPath = d.prop("HTTPSampler.path");
            used.add(d);
        }
        if (rawPath.matches("(?i)https?://.*")) { // a full URL in the path field, as recorded plans have
            java.net.URI u = java.net.URI.create(values.fixed(rawPath.replace(" ", "%20")));
            protocol = u.getScheme();
            domain = u.getHost() == null ? "" : u.getHost();
            port = u.getPort() < 0 ? "" : String.valueOf(u.getPort());
            rawPath = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath()) + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        }
        String host = values.fixed(domain);
        if (host.isEmpty() || host.contains("${") && !host.startsWith("${param.")) {
            throw new Unconvertible("no host Brink can tell (HTTPSampler.domain '" + domain + "')");
        }
        String scheme = protocol.isEmpty() ? "http" : values.fixed(protocol).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) throw new Unconvertible("protocol '" + scheme + "' (Brink plans speak http and https)");
        String p = port.isEmpty() ? "" : values.fixed(port);
        boolean defaultPort = p.isEmpty() || scheme.equals("http") && p.equals("80") || scheme.equals("https") && p.equals("443");
        origin = scheme + "://" + host + (defaultPort ? "" : ":" + p);

        String m = e.prop("HTTPSampler.method").isEmpty() ? "GET" : e.prop("HTTPSampler.method").toUpperCase(Locale.ROOT);
        if (!HttpWords.isPlanMethod(m)) throw new Unconvertible("method " + m + " (Brink plans send GET, POST, PUT, DELETE, PATCH or OPTIONS)");
        method = m;
        followRedirects = e.flag("HTTPSampler.follow_redirects") || e.flag("HTTPSampler.auto_redirects");

        String pathTemplate = values.template(rawPath.isEmpty() ? "/" : rawPath, Use.REQUEST);
        if (!pathTemplate.startsWith("/")) pathTemplate = "/" + pathTemplate;
        List<JmxElement> args = e.arguments("HTTPsampler.Arguments");
        boolean raw = e.flag("HTTPSampler.postBodyRaw");
        if (raw) {
            StringBuilder b = new StringBuilder();
            for (JmxElement a : args) b.append(a.rawProp("Argument.value"));
            body = values.template(b.toString(), Use.REQUEST);
        } else if (!args.isEmpty()) {
            boolean inQuery = m.equals("GET") || m.equals("DELETE") || m.equals("OPTIONS");
            StringBuilder q = new StringBuilder();
            Map<String, String> f = new LinkedHashMap<>();
            for (JmxElement a : args) {
                String name = a.prop("Argument.name");
                String value = a.rawProp("Argument.value");
                boolean encode = a.flag("HTTPArgument.always_encode");
                if (inQuery) {
                    // JMeter sends a query argument as written unless it is marked to be encoded
                    q.append(q.length() == 0 ? "" : "&").append(encode ? enc(name) : name).append('=')
                            .append(values.template(encode ? enc(value) : value, Use.REQUEST));
                } else {
                    // a form argument not marked to be encoded was written encoded: JMeter decodes it, then encodes the form
                    f.put(encode ? name : dec(name), values.template(encode ? value : dec(value), Use.REQUEST));
                }
            }
            if (q.length() > 0) pathTemplate += (pathTemplate.contains("?") ? "&" : "?") + q;
            if (!f.isEmpty()) form = f;
        }
        if (pathTemplate.contains(" ")) throw new Unconvertible("a space in the path '" + rawPath + "' (JMeter would send it as it stands: a bad request)");
        path = pathTemplate;
    }

    private void headers(JmxElement manager, JmxValues values) throws Unconvertible {
        Map<String, String> add = new LinkedHashMap<>();
        for (JmxElement h : manager.collection("HeaderManager.headers")) {
            String name = h.prop("Header.name");
            if (OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) continue;
            if (!HttpWords.isHeaderName(name)) throw new Unconvertible("header '" + name + "' (not a valid HTTP header name)");
            add.put(name, values.template(h.rawProp("Header.value"), Use.REQUEST));
        }
        // an inner manager's header replaces an outer one's of the same name, whatever its case
        Map<String, String> byLower = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String k : headers.keySet()) byLower.put(k, k);
        for (Map.Entry<String, String> h : add.entrySet()) {
            String old = byLower.get(h.getKey());
            if (old != null) headers.remove(old);
            headers.put(h.getKey(), h.getValue());
            byLower.put(h.getKey(), h.getKey());
        }
    }

    private void extractor(JmxElement e) throws Unconvertible {
        switch (e.testclass()) {
            case "RegexExtractor" -> {
                String ref = e.prop("RegexExtractor.refname");
                String template = e.prop("RegexExtractor.template");
                String regex = e.rawProp("RegexExtractor.regex");
                String where = e.prop("RegexExtractor.useHeaders");
                match(e.prop("RegexExtractor.match_number"));
                if (!where.isEmpty() && !where.equals("false")) throw new Unconvertible("a regex on the " + where + " (Brink's regex extract reads the body)");
                if (!(template.equals("$1$") || template.isEmpty() && groups(regex) == 0) || groups(regex) > 1) {
                    throw new Unconvertible("template " + template + " on " + groups(regex) + " groups (Brink takes group 1, or the match without a group)");
                }
                put(ref, "regex", regex);
            }
            case "BoundaryExtractor" -> {
                match(e.prop("BoundaryExtractor.match_number"));
                String where = e.prop("BoundaryExtractor.useHeaders");
                if (!where.isEmpty() && !where.equals("false")) throw new Unconvertible("boundaries in the " + where + " (Brink reads the body)");
                String l = e.rawProp("BoundaryExtractor.lboundary");
                String r = e.rawProp("BoundaryExtractor.rboundary");
                put(e.prop("BoundaryExtractor.refname"), "regex", "(?s)" + Pattern.quote(l) + "(.*?)" + Pattern.quote(r));
            }
            case "JSONPostProcessor" -> {
                String[] refs = e.prop("JSONPostProcessor.referenceNames").split(";");
                String[] exprs = e.rawProp("JSONPostProcessor.jsonPathExprs").split(";");
                for (String n : e.prop("JSONPostProcessor.match_numbers").split(";")) match(n);
                if (e.flag("JSONPostProcessor.compute_concat")) throw new Unconvertible("match concatenation (_ALL)");
                if (refs.length != exprs.length) throw new Unconvertible(refs.length + " names for " + exprs.length + " JSON paths");
                for (int i = 0; i < refs.length; i++) json(refs[i].trim(), exprs[i].trim());
            }
            default -> { // JMESPathExtractor: a dotted JMESPath is a JSON path
                match(e.prop("JMESExtractor.matchNumber"));
                String expr = e.rawProp("JMESExtractor.jmesPathExpr").trim();
                if (!expr.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*|\\[[0-9]+])*")) {
                    throw new Unconvertible("JMESPath '" + expr + "' (Brink follows $.name.name[N] paths)");
                }
                json(e.prop("JMESExtractor.referenceName"), "$." + expr);
            }
        }
    }

    private void json(String ref, String expr) throws Unconvertible {
        String problem = dev.brink.load.flow.JsonPath.problem(expr);
        if (problem != null) throw new Unconvertible("JSON path '" + expr + "' (" + problem + ")");
        put(ref, "json", expr);
    }

    private void put(String ref, String kind, String expr) throws Unconvertible {
        if (!SESSION_NAME.matcher(ref).matches()) throw new Unconvertible("variable name '" + ref + "' (letters, digits and '_' only)");
        extract.put(ref, new String[] {kind, expr});
    }

    private static void match(String n) throws Unconvertible {
        String t = n.trim();
        if (t.isEmpty() || t.equals("1")) return;
        throw new Unconvertible(t.equals("0") ? "a random match (Brink takes the first)" : t.equals("-1") ? "all matches (Brink takes the first)"
                : "match number " + t + " (Brink takes the first)");
    }

    /** JMeter's test_type bits: 1 matches, 2 contains, 4 not, 8 equals, 16 substring, 32 or. */
    private void responseAssertion(JmxElement e) throws Unconvertible {
        String field = e.prop("Assertion.test_field");
        int type = intOr(e.prop("Assertion.test_type"), 16);
        List<String> strings = new ArrayList<>();
        for (JmxElement s : e.collection("Asserion.test_strings")) strings.add(s.text()); // sic: JMeter's spelling
        if ((type & 4) != 0) throw new Unconvertible("a negated assertion (Brink checks what must be there)");
        if (strings.isEmpty()) throw new Unconvertible("no pattern to test");
        boolean or = (type & 32) != 0;
        if (field.equals("Assertion.response_code")) {
            List<String> codes = new ArrayList<>();
            for (String s : strings) {
                if (!s.trim().matches("[1-5][0-9][0-9]")) throw new Unconvertible("response code pattern '" + s + "' (Brink checks statuses)");
                codes.add(s.trim());
            }
            if (codes.size() > 1 && !or) throw new Unconvertible("several codes that must all match");
            check.put("status", codes.size() == 1 ? codes.get(0) : codes.toString());
            return;
        }
        if (!field.equals("Assertion.response_data") && !field.isEmpty()) {
            throw new Unconvertible("a test of " + field.replace("Assertion.", "") + " (Brink checks the status and the body)");
        }
        // several patterns: all must hold (or one, with OR), as one regex the body must contain
        List<String> res = new ArrayList<>();
        for (String s : strings) {
            if ((type & 16) != 0) res.add(Pattern.quote(s));
            else if ((type & 8) != 0) res.add("\\A" + Pattern.quote(s) + "\\z");
            else if ((type & 1) != 0) res.add("\\A(?:" + s + ")\\z");
            else res.add(s);
        }
        if (res.size() == 1 && (type & 16) != 0) {
            check.put("body", strings.get(0));
        } else if (or) {
            check.put("body_regex", "(?s)" + String.join("|", res.stream().map(r -> "(?:" + r + ")").toList()));
        } else {
            StringBuilder b = new StringBuilder("(?s)");
            for (String r : res) b.append("(?=.*?(?:").append(r).append("))");
            check.put("body_regex", res.size() == 1 ? "(?s)" + res.get(0) : b.toString());
        }
    }

    private void jsonAssertion(JmxElement e) throws Unconvertible {
        String path = e.prop("JSON_PATH");
        if (e.flag("INVERT") || e.flag("EXPECT_NULL")) throw new Unconvertible("an inverted or null assertion (Brink checks what must be there)");
        String problem = dev.brink.load.flow.JsonPath.problem(path);
        if (problem != null) throw new Unconvertible("JSON path '" + path + "' (" + problem + ")");
        String expected = e.rawProp("EXPECTED_VALUE");
        String re = !e.flag("JSONVALIDATION") ? "(?s).*" : e.flag("ISREGEX") ? expected : Pattern.quote(expected);
        check.put("json:" + path, re);
    }

    private static int groups(String regex) throws Unconvertible {
        try {
            return Pattern.compile(regex).matcher("").groupCount();
        } catch (RuntimeException x) {
            throw new Unconvertible("regex '" + regex + "' (not a Java regular expression)");
        }
    }

    static int intOr(String s, int d) {
        try {
            return Integer.parseInt(s.trim());
        } catch (RuntimeException e) {
            return d;
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** URL-decodes the literal text between references, leaving each {@code ${…}} as it is. */
    private static String dec(String s) {
        StringBuilder b = new StringBuilder();
        java.util.regex.Matcher m = Pattern.compile("\\$\\{[^}]*}").matcher(s);
        int last = 0;
        while (m.find()) {
            b.append(decodeLiteral(s.substring(last, m.start()))).append(m.group());
            last = m.end();
        }
        return b.append(decodeLiteral(s.substring(last))).toString();
    }

    private static String decodeLiteral(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // a stray '%': JMeter's decoder keeps such text too
        }
    }
}
