package dev.brink.load.plan.jmx;

import dev.brink.core.BrinkUserException;
import dev.brink.load.http.HttpWords;
import dev.brink.load.plan.PlanText;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * A plan from a JMeter test plan (.jmx as JMeter saves it): each enabled thread group becomes a flow of a closed model
 * (its threads the flow's share of the users), its HTTP samplers the flow's steps in tree order (through loop, simple
 * and transaction controllers), with the header managers, CSV data set, regular-expression and JSON extractors,
 * response assertions and constant/uniform timers they carry. Every element not converted is listed with its testname
 * and why, never dropped silently; BeanShell and JSR223 elements are named as a generator-leak risk.
 */
public final class JmxImport {
    private static final Pattern VAR = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern SESSION_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Controllers whose children run in order once per pass: their samplers are the flow's steps as they stand. */
    private static final Set<String> PASS_THROUGH = Set.of("LoopController", "GenericController", "TransactionController");

    public record Result(String plan, int steps, List<String> skipped) {
    }

    private static final class Flow {
        final String name;
        int threads;
        final List<String> steps = new ArrayList<>();

        Flow(String name) {
            this.name = name;
        }
    }

    private final String file;
    private final List<String> skipped = new ArrayList<>();
    private final Map<String, String> vars = new LinkedHashMap<>();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Set<String> stepNames = new LinkedHashSet<>();
    private final Set<String> session = new LinkedHashSet<>();
    private final List<Flow> flows = new ArrayList<>();
    private List<String> csvColumns = List.of();
    private String csvFile;
    private String think;
    private String origin;
    private String domain = "";
    private String port = "";
    private String protocol = "";

    private JmxImport(String file) {
        this.file = file;
    }

    /** @param baseDir where the .jmx lies: a CSV data set's file is looked for there */
    public static Result convert(String xml, String file, Path baseDir) throws BrinkUserException {
        JmxImport j = new JmxImport(file);
        Element root = j.parse(xml).getDocumentElement();
        if (!root.getTagName().equals("jmeterTestPlan")) {
            throw new BrinkUserException(file + ": expected a JMeter test plan (<jmeterTestPlan>), got <" + root.getTagName() + ">");
        }
        Element tree = child(root, "hashTree");
        if (tree == null) throw new BrinkUserException(file + ": expected a JMeter test plan: <jmeterTestPlan> has no <hashTree>");
        j.walk(tree, null, baseDir);
        return j.write();
    }

    private org.w3c.dom.Document parse(String xml) throws BrinkUserException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            // a plan is data: no DTD, no external entity may read a file or the network
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new InputSource(new StringReader(xml)));
        } catch (SAXParseException e) {
            throw new BrinkUserException(file + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": expected a JMeter test plan (XML), "
                    + e.getMessage().replaceAll("\\s+", " "));
        } catch (Exception e) {
            throw new BrinkUserException(file + ": expected a JMeter test plan (XML), " + String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
        }
    }

    /** Elements of a hashTree come in pairs: the element, then the hashTree of its children. */
    private void walk(Element tree, Flow flow, Path baseDir) throws BrinkUserException {
        List<Element> kids = elements(tree);
        for (int i = 0; i < kids.size(); i++) {
            Element e = kids.get(i);
            if (e.getTagName().equals("hashTree")) continue;
            Element sub = i + 1 < kids.size() && kids.get(i + 1).getTagName().equals("hashTree") ? kids.get(i + 1) : null;
            String cls = e.getAttribute("testclass").isEmpty() ? e.getTagName() : e.getAttribute("testclass");
            String name = e.getAttribute("testname");
            if (e.getAttribute("enabled").equals("false")) {
                skip(cls, name, "disabled in the plan");
                continue;
            }
            switch (cls) {
                case "TestPlan" -> {
                    userVariables(e);
                    if (sub != null) walk(sub, flow, baseDir);
                }
                case "Arguments" -> userVariables(e);
                case "ConfigTestElement" -> {
                    domain = or(prop(e, "HTTPSampler.domain"), domain);
                    port = or(prop(e, "HTTPSampler.port"), port);
                    protocol = or(prop(e, "HTTPSampler.protocol"), protocol);
                }
                case "CookieManager" -> {
                    // converted by what Brink does anyway: every user of a flow keeps its own cookies
                }
                case "HeaderManager" -> {
                    if (flow == null) headers.putAll(headerMap(e));
                    else skip(cls, name, "a header manager inside a thread group applies to the samplers under it only;"
                            + " Brink puts headers on the request (add them to the steps)");
                }
                case "CSVDataSet" -> {
                    try {
                        csv(e, name, baseDir);
                    } catch (Unconvertible u) {
                        skip(cls, name, "its file name uses " + u.getMessage() + ", which Brink cannot fill");
                    }
                }
                case "ThreadGroup", "SetupThreadGroup", "PostThreadGroup" -> {
                    if (!cls.equals("ThreadGroup")) {
                        skip(cls, name, "setUp/tearDown thread groups run once around the test, not as load");
                        continue;
                    }
                    Flow f = new Flow(name);
                    session.clear(); // a flow uses only what its own earlier steps extract
                    f.threads = intOr(prop(e, "ThreadGroup.num_threads"), 1);
                    flows.add(f);
                    if (sub != null) walk(sub, f, baseDir);
                    if (f.steps.isEmpty()) skip(cls, name, "no HTTP sampler in it to convert");
                }
                case "HTTPSamplerProxy" -> {
                    if (flow == null) {
                        skip(cls, name, "a sampler outside a thread group");
                    } else {
                        try {
                            sampler(e, sub, flow);
                        } catch (Unconvertible u) {
                            skip(cls, name, "uses " + u.getMessage() + ", which has no Brink counterpart (a JMeter function,"
                                    + " or a variable no converted element sets)");
                        }
                    }
                }
                case "ConstantTimer", "UniformRandomTimer" -> timer(e, cls, name);
                default -> {
                    if (PASS_THROUGH.contains(cls) && flow != null) {
                        if (sub != null) walk(sub, flow, baseDir);
                    } else if (cls.startsWith("BeanShell") || cls.startsWith("JSR223")) {
                        skip(cls, name, "a script run per request: a generator-leak risk (its interpreter's per-call garbage and"
                                + " caches grow with the load, field report 002); write it as generators, extract and checks");
                    } else if (cls.equals("TestAction") && sub != null) {
                        skip(cls, name, "a flow-control action (pause, stop); the timers under it are converted");
                        walk(sub, flow, baseDir);
                    } else {
                        skip(cls, name, "not converted (Brink converts thread groups, HTTP samplers, header and cookie managers,"
                                + " CSV data sets, regex and JSON extractors, response assertions, constant and uniform timers)");
                        if (sub != null) note(sub);
                    }
                }
            }
        }
    }

    /** Lists what lies under an element not converted, so nothing under it is dropped silently either. */
    private void note(Element tree) {
        for (Element k : elements(tree)) {
            if (k.getTagName().equals("hashTree")) note(k);
            else skip(k.getAttribute("testclass").isEmpty() ? k.getTagName() : k.getAttribute("testclass"), k.getAttribute("testname"),
                    "under an element that was not converted");
        }
    }

    private void sampler(Element e, Element sub, Flow flow) throws BrinkUserException {
        String name = e.getAttribute("testname");
        String d = or(prop(e, "HTTPSampler.domain"), domain);
        String pr = or(prop(e, "HTTPSampler.protocol"), protocol);
        String po = or(prop(e, "HTTPSampler.port"), port);
        String host = vars(d, false);
        String scheme = pr.isEmpty() ? "http" : vars(pr, false).toLowerCase(Locale.ROOT);
        String at = scheme + "://" + host + (po.isEmpty() ? "" : ":" + vars(po, false));
        if (host == null || host.isEmpty() || host.contains("${")) {
            skip("HTTPSamplerProxy", name, "no host Brink can tell (HTTPSampler.domain '" + d + "')");
            return;
        }
        if (origin == null) origin = at;
        else if (!origin.equals(at)) {
            skip("HTTPSamplerProxy", name, "another server (" + at + ") than the plan's target " + origin);
            return;
        }
        String method = prop(e, "HTTPSampler.method").isEmpty() ? "GET" : prop(e, "HTTPSampler.method").toUpperCase(Locale.ROOT);
        if (!HttpWords.isPlanMethod(method)) {
            skip("HTTPSamplerProxy", name, "method '" + method + "': Brink plans send GET, POST, PUT, DELETE, PATCH or OPTIONS");
            return;
        }
        String path = prop(e, "HTTPSampler.path").isEmpty() ? "/" : prop(e, "HTTPSampler.path");
        StringBuilder step = new StringBuilder();
        List<String> extract = new ArrayList<>();
        List<String> extracted = new ArrayList<>(); // session names: usable by later steps once this one is written
        List<String> check = new ArrayList<>();
        Map<String, String> stepHeaders = new LinkedHashMap<>(headers);
        if (sub != null) {
            List<Element> kids = elements(sub);
            for (Element k : kids) {
                if (k.getTagName().equals("hashTree")) continue;
                String cls = k.getAttribute("testclass");
                String kn = k.getAttribute("testname");
                if (k.getAttribute("enabled").equals("false")) {
                    skip(cls, kn, "disabled in the plan");
                    continue;
                }
                switch (cls) {
                    case "HeaderManager" -> stepHeaders.putAll(headerMap(k));
                    case "RegexExtractor" -> {
                        String ref = prop(k, "RegexExtractor.refname");
                        String template = prop(k, "RegexExtractor.template");
                        String regex = prop(k, "RegexExtractor.regex");
                        String useHeaders = prop(k, "RegexExtractor.useHeaders");
                        if (!SESSION_NAME.matcher(ref).matches() || !(template.equals("$1$") || template.isEmpty())
                                || !(useHeaders.isEmpty() || useHeaders.equals("false")) || groups(regex) > 1) {
                            skip(cls, kn, "only a body regex with at most one group and template $1$ converts to extract");
                        } else {
                            extract.add(ref + ": {regex: " + PlanText.quote(regex) + "}");
                            extracted.add(ref);
                        }
                    }
                    case "JSONPostProcessor" -> {
                        String[] refs = prop(k, "JSONPostProcessor.referenceNames").split(";");
                        String[] exprs = prop(k, "JSONPostProcessor.jsonPathExprs").split(";");
                        if (refs.length != exprs.length || !java.util.Arrays.stream(refs).allMatch(r -> SESSION_NAME.matcher(r.trim()).matches())
                                || !exprs[0].startsWith("$") || exprs[0].contains("*") || exprs[0].contains("..")) {
                            skip(cls, kn, "only JSON paths of Brink's subset ($, .name, ['name'], [N]; no wildcards) convert");
                        } else {
                            for (int r = 0; r < refs.length; r++) {
                                extract.add(refs[r].trim() + ": {json: " + PlanText.quote(exprs[r].trim()) + "}");
                                extracted.add(refs[r].trim());
                            }
                        }
                    }
                    case "ResponseAssertion" -> assertion(k, check);
                    case "ConstantTimer", "UniformRandomTimer" -> timer(k, cls, kn);
                    default -> skip(cls, kn, cls.startsWith("BeanShell") || cls.startsWith("JSR223")
                            ? "a script run per request: a generator-leak risk (field report 002); write it as generators, extract and checks"
                            : "not converted on a sampler (header manager, extractors, response assertion and timers are)");
                }
            }
        }
        String stepName = stepName(name);
        step.append("      - name: ").append(stepName).append('\n');
        step.append("        request:\n          method: ").append(method).append('\n');
        List<String[]> args = arguments(e);
        boolean raw = prop(e, "HTTPSampler.postBodyRaw").equals("true");
        String query = "";
        if (!raw && (method.equals("GET") || method.equals("DELETE") || method.equals("HEAD"))) {
            StringBuilder q = new StringBuilder();
            for (String[] a : args) {
                q.append(q.length() == 0 ? "" : "&").append(enc(a[0])).append('=').append(vars(a[1], true));
            }
            if (q.length() > 0) query = (path.contains("?") ? "&" : "?") + q;
        }
        step.append("          path: ").append(PlanText.quote(vars(path, true) + query)).append('\n');
        if (!stepHeaders.isEmpty()) {
            StringBuilder h = new StringBuilder();
            stepHeaders.forEach((k, v) -> {
                if (Set.of("user-agent", "connection", "accept-encoding", "accept-language").contains(k.toLowerCase(Locale.ROOT))) return;
                h.append(h.length() == 0 ? "" : ", ").append(PlanText.quote(k)).append(": ").append(PlanText.quote(vars(v, true)));
            });
            if (h.length() > 0) step.append("          headers: {").append(h).append("}\n");
        }
        if (raw && !args.isEmpty()) {
            step.append("          body: ").append(PlanText.quote(vars(args.get(0)[1], true))).append('\n');
        } else if (!query.isEmpty() || args.isEmpty()) {
            // the arguments went into the query, or there are none
        } else {
            StringBuilder f = new StringBuilder();
            for (String[] a : args) f.append(f.length() == 0 ? "" : ", ").append(PlanText.quote(a[0])).append(": ").append(PlanText.quote(vars(a[1], true)));
            step.append("          form: {").append(f).append("}\n");
        }
        if (!check.isEmpty()) step.append("        check: {").append(String.join(", ", check)).append("}\n");
        if (!extract.isEmpty()) {
            step.append("        extract:\n");
            for (String x : extract) step.append("          ").append(x).append('\n');
        }
        flow.steps.add(step.toString());
        session.addAll(extracted);
    }

    private void assertion(Element k, List<String> check) {
        String field = prop(k, "Assertion.test_field");
        int type = intOr(prop(k, "Assertion.test_type"), 0);
        List<String> strings = new ArrayList<>();
        Element coll = collection(k, "Asserion.test_strings");
        if (coll != null) for (Element s : elements(coll)) strings.add(s.getTextContent());
        String name = k.getAttribute("testname");
        // test_type bits: 1 matches, 2 contains, 4 NOT, 8 equals, 16 substring, 32 OR
        boolean not = (type & 4) != 0 || (type & 32) != 0;
        if (strings.size() != 1 || not) {
            skip("ResponseAssertion", name, "only one pattern, not negated, converts to a check");
            return;
        }
        String s = strings.get(0);
        if (field.equals("Assertion.response_code") && s.matches("[1-5][0-9][0-9]")) {
            check.add("status: " + s);
        } else if (field.equals("Assertion.response_data") && (type & 16) != 0) {
            check.add("body: " + PlanText.quote(s));
        } else if (field.equals("Assertion.response_data") && (type & 2) != 0) {
            check.add("body_regex: " + PlanText.quote(s));
        } else {
            skip("ResponseAssertion", name, "on " + field + " with test type " + type + ": Brink checks status, body text and body regex");
        }
    }

    private void timer(Element e, String cls, String name) {
        long delay = (long) doubleOr(prop(e, "ConstantTimer.delay"), -1);
        double range = doubleOr(prop(e, "RandomTimer.range"), 0);
        if (delay < 0) {
            skip(cls, name, "a delay Brink cannot read ('" + prop(e, "ConstantTimer.delay") + "')");
            return;
        }
        String t = cls.equals("ConstantTimer") || range <= 0 ? delay + "ms" : delay + "ms.." + (delay + Math.round(range)) + "ms";
        if (think == null) think = t;
        else if (!think.equals(t)) skip(cls, name, "a plan has one think time, after every answer: kept the first timer's " + think);
    }

    private void csv(Element e, String name, Path baseDir) {
        String f = vars(prop(e, "filename"), false);
        List<String> cols = List.of(prop(e, "variableNames").split("\\s*,\\s*"));
        if (csvFile != null) {
            skip("CSVDataSet", name, "a plan has one CSV feeder: kept " + csvFile);
        } else if (f == null || f.contains("${") || baseDir == null || !Files.isRegularFile(baseDir.resolve(f))) {
            skip("CSVDataSet", name, "its file '" + prop(e, "filename") + "' is not there beside the plan (samplers using "
                    + String.join(", ", cols) + " are left out)");
        } else if (!prop(e, "variableNames").isEmpty()) {
            skip("CSVDataSet", name, "column names in the element: Brink reads them from the file's first line");
        } else {
            csvFile = f;
            csvColumns = cols;
        }
    }

    private void userVariables(Element e) {
        Element coll = collection(e, "Arguments.arguments");
        if (coll == null) {
            Element inner = null;
            for (Element k : elements(e)) if (k.getTagName().equals("elementProp") && k.getAttribute("elementType").equals("Arguments")) inner = k;
            if (inner != null) coll = collection(inner, "Arguments.arguments");
        }
        if (coll == null) return;
        for (Element a : elements(coll)) vars.put(prop(a, "Argument.name"), prop(a, "Argument.value"));
    }

    /**
     * JMeter's {@code ${name}} in Brink's terms: a user-defined variable's value, a CSV column, an extracted session value;
     * null when some reference has no Brink counterpart (a function such as {@code ${__P(…)}}, an unknown variable).
     */
    private String vars(String s, boolean template) {
        if (s == null) return null;
        StringBuilder b = new StringBuilder();
        Matcher m = VAR.matcher(s);
        int last = 0;
        while (m.find()) {
            b.append(s, last, m.start());
            String v = m.group(1);
            if (vars.containsKey(v) && !vars.get(v).contains("${")) b.append(vars.get(v));
            else if (template && session.contains(v)) b.append("${session.").append(v).append('}');
            else if (template && csvColumns.contains(v)) b.append("${csv.").append(v).append('}');
            else throw new Unconvertible("${" + v + "}");
            last = m.end();
        }
        return b.append(s.substring(last)).toString();
    }

    /** A value the plan cannot express: the element using it is left out and listed. */
    private static final class Unconvertible extends RuntimeException {
        Unconvertible(String what) {
            super(what, null, false, false);
        }
    }

    private Result write() throws BrinkUserException {
        int steps = flows.stream().mapToInt(f -> f.steps.size()).sum();
        if (steps == 0) {
            throw new BrinkUserException(file + ": no HTTP sampler in an enabled thread group could be converted (" + skipped.size()
                    + " elements left out)");
        }
        StringBuilder y = new StringBuilder();
        y.append("# made by brink import jmx from ").append(file.replace('\n', ' ')).append("; ").append(skipped.size())
                .append(" elements left out (listed by the command)\n");
        y.append("name: imported\n");
        y.append("target: {base_url: ").append(PlanText.quote(origin)).append("}\n");
        if (csvFile != null) y.append("data: {csv: ").append(PlanText.quote(csvFile)).append("}\n");
        int users = flows.stream().filter(f -> !f.steps.isEmpty()).mapToInt(f -> Math.max(1, f.threads)).sum();
        y.append("users: {count: ").append(users).append(think == null ? "" : ", think: " + think).append("}\n");
        y.append("flows:\n");
        Set<String> flowNames = new LinkedHashSet<>();
        for (Flow f : flows) {
            if (f.steps.isEmpty()) continue;
            String n = unique(f.name, flowNames);
            y.append("  - name: ").append(n).append("\n    weight: ").append(Math.max(1, f.threads)).append("\n    steps:\n");
            f.steps.forEach(y::append);
        }
        return new Result(y.toString(), steps, List.copyOf(skipped));
    }

    private String stepName(String testname) {
        return unique(testname, stepNames);
    }

    private static String unique(String raw, Set<String> taken) {
        String base = raw.trim().replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        if (base.isEmpty()) base = "step";
        String n = base;
        for (int k = 2; !taken.add(n); k++) n = base + "-" + k;
        return n;
    }

    private void skip(String cls, String name, String why) {
        skipped.add(cls + " '" + name + "': " + why);
    }

    private static List<String[]> arguments(Element sampler) {
        List<String[]> out = new ArrayList<>();
        for (Element k : elements(sampler)) {
            if (!k.getTagName().equals("elementProp") || !k.getAttribute("name").equals("HTTPsampler.Arguments")) continue;
            Element coll = collection(k, "Arguments.arguments");
            if (coll == null) continue;
            for (Element a : elements(coll)) out.add(new String[] {prop(a, "Argument.name"), prop(a, "Argument.value")});
        }
        return out;
    }

    private Map<String, String> headerMap(Element manager) {
        Map<String, String> m = new LinkedHashMap<>();
        Element coll = collection(manager, "HeaderManager.headers");
        if (coll == null) return m;
        for (Element h : elements(coll)) {
            String name = prop(h, "Header.name");
            if (HttpWords.isHeaderName(name)) {
                m.put(name, prop(h, "Header.value"));
            } else {
                skip("HeaderManager", manager.getAttribute("testname"), "header '" + name + "' left out (not a valid HTTP header name)");
            }
        }
        return m;
    }

    private static Element collection(Element e, String name) {
        for (Element k : elements(e)) if (k.getTagName().equals("collectionProp") && k.getAttribute("name").equals(name)) return k;
        return null;
    }

    private static String prop(Element e, String name) {
        for (Element k : elements(e)) {
            if (k.getAttribute("name").equals(name) && k.getTagName().endsWith("Prop") && !k.getTagName().equals("elementProp")) {
                return k.getTextContent().trim();
            }
        }
        return "";
    }

    private static Element child(Element e, String tag) {
        for (Element k : elements(e)) if (k.getTagName().equals(tag)) return k;
        return null;
    }

    private static List<Element> elements(Element e) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = e.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) out.add((Element) nodes.item(i));
        return out;
    }

    private static int groups(String regex) {
        try {
            return Pattern.compile(regex).matcher("").groupCount();
        } catch (RuntimeException e) {
            return 99;
        }
    }

    private static String or(String a, String b) {
        return a == null || a.isEmpty() ? b : a;
    }

    private static int intOr(String s, int d) {
        try {
            return Integer.parseInt(s.trim());
        } catch (RuntimeException e) {
            return d;
        }
    }

    private static double doubleOr(String s, double d) {
        try {
            return Double.parseDouble(s.trim());
        } catch (RuntimeException e) {
            return d;
        }
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
