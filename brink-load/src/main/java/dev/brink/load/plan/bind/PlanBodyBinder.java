package dev.brink.load.plan.bind;

import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.req;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Sizes;
import dev.brink.load.engine.Template;
import dev.brink.load.http.MultipartBody;
import dev.brink.load.plan.JsonBody;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The request keys beyond a text body: {@code json:} (a YAML tree sent as JSON), {@code multipart:} (fields and
 * files) and {@code follow_redirects:}. Same shape as {@link PlanBinder}: every error names file:line:column, the
 * YAML path and what was expected.
 */
final class PlanBodyBinder {
    private static final List<String> BODY_KEYS = List.of("body", "form", "json", "multipart");
    /** A part's name or file name goes between quotes in a header line: no quote, backslash or line break. */
    private static final Pattern PART_NAME = Pattern.compile("[^\"\\\\\\r\\n\\x00]+");

    private PlanBodyBinder() {
    }

    /** A request has at most one of body, form, json, multipart; the error names the later one in the file. */
    static void onlyOneBody(Map<String, PlanNode> request, String path) throws BrinkUserException {
        List<String> present = BODY_KEYS.stream().filter(request::containsKey).toList();
        if (present.size() < 2) return;
        PlanNode a = request.get(present.get(0));
        PlanNode b = request.get(present.get(1));
        boolean bLater = b.line() > a.line() || b.line() == a.line() && b.column() > a.column();
        String later = bLater ? present.get(1) : present.get(0);
        throw request.get(later).error(path + "." + later, "either " + present.get(0) + " or " + present.get(1) + ", not both");
    }

    /**
     * {@code json: {…}} or {@code json: […]}: the tree as plain values for {@link JsonBody}; each string is a
     * template checked here (CSV columns, session values). Adds Content-Type: application/json unless given.
     */
    static Object json(PlanNode n, String path, List<String> columns, UnaryOperator<String> env, Set<String> session,
                       List<Plan.Header> headers) throws BrinkUserException {
        if (n.fields() == null && n.items() == null) throw n.error(path, "a mapping or a list (the JSON object or array to send)");
        Object tree = tree(n, path, columns, env, session);
        addContentType(headers, "application/json");
        return tree;
    }

    private static Object tree(PlanNode n, String path, List<String> columns, UnaryOperator<String> env, Set<String> session)
            throws BrinkUserException {
        if (n.fields() != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) m.put(e.getKey(), tree(e.getValue(), path + "." + e.getKey(), columns, env, session));
            return m;
        }
        if (n.items() != null) {
            List<Object> l = new ArrayList<>();
            for (int i = 0; i < n.items().size(); i++) l.add(tree(n.items().get(i), path + "[" + i + "]", columns, env, session));
            return l;
        }
        if (n.isNull()) return null;
        if (n.literal()) {
            Object v = JsonBody.literal(n.text());
            if (v != null) return v;
        }
        PlanBinder.template(n, n.text(), path, columns, env, Template.Field.JSON, session);
        return n.text();
    }

    /**
     * {@code multipart: {field: "text ${seq}", photo: {file: cat.jpg, content_type: image/jpeg, filename: c.jpg}}}:
     * files are read now, relative to the plan's folder. Adds the Content-Type with its boundary unless given.
     */
    static List<Plan.Request.Part> multipart(PlanNode n, String path, List<String> columns, UnaryOperator<String> env,
                                             Set<String> session, List<Plan.Header> headers, Path baseDir) throws BrinkUserException {
        if (n.fields() == null || n.fields().isEmpty()) throw n.error(path, "a mapping of part name to a value or {file: PATH}");
        List<Plan.Request.Part> parts = new ArrayList<>();
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            String pp = path + "." + e.getKey();
            PlanNode v = e.getValue();
            if (!PART_NAME.matcher(e.getKey()).matches()) throw v.error(pp, "a part name without quotes, backslashes or line breaks");
            if (v.fields() == null) {
                String value = string(v, pp);
                PlanBinder.template(v, value, pp, columns, env, Template.Field.BODY, session);
                parts.add(new Plan.Request.Part(e.getKey(), value, null, null, null, null));
                continue;
            }
            Map<String, PlanNode> f = fields(v, pp, "file", "content_type", "filename");
            PlanNode fileNode = req(v, f, "file", pp);
            String name = string(fileNode, pp + ".file");
            Path file;
            byte[] content;
            try {
                file = (baseDir == null ? Path.of(name) : baseDir.resolve(name)).toAbsolutePath().normalize();
                content = InputFiles.readBytes(file, InputKind.BODY_PART);
            } catch (BrinkUserException | RuntimeException ex) {
                throw fileNode.error(pp + ".file", "a readable regular file of at most " + Sizes.human(InputKind.BODY_PART.maxBytes())
                        + " (relative to the plan's folder; " + InputKind.BODY_PART.variable() + "=SIZE raises the limit)");
            }
            String type = f.containsKey("content_type") ? string(f.get("content_type"), pp + ".content_type") : "application/octet-stream";
            if (!type.matches("[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+(\\s*;[^\\r\\n\\x00]*)?")) {
                throw f.get("content_type").error(pp + ".content_type", "a media type like image/png");
            }
            String filename = f.containsKey("filename") ? string(f.get("filename"), pp + ".filename") : file.getFileName().toString();
            if (!PART_NAME.matcher(filename).matches()) {
                throw (f.containsKey("filename") ? f.get("filename") : fileNode).error(pp + ".filename", "a file name without quotes, backslashes or line breaks");
            }
            parts.add(new Plan.Request.Part(e.getKey(), null, file, content, filename, type));
        }
        if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("content-type"))) {
            headers.add(new Plan.Header("Content-Type", MultipartBody.contentType(MultipartBody.boundary(parts)), false));
        } else if (MultipartBody.boundaryOf(headers) == null) {
            throw n.error(path, "no Content-Type header of your own, or one with a boundary=");
        }
        return parts;
    }

    /** {@code follow_redirects: true} (up to {@value Plan.Request#DEFAULT_MAX_REDIRECTS} hops), {@code false}, or a number of hops. */
    static int followRedirects(PlanNode n, String path) throws BrinkUserException {
        String t = n.isScalar() && n.text() != null ? n.text().trim().toLowerCase(Locale.ROOT) : "";
        if (t.equals("true")) return Plan.Request.DEFAULT_MAX_REDIRECTS;
        if (t.equals("false")) return 0;
        if (!t.matches("[0-9]{1,3}") || Integer.parseInt(t) > Plan.Request.MAX_REDIRECTS) {
            throw n.error(path, "true, false or a number of redirects from 0 to " + Plan.Request.MAX_REDIRECTS);
        }
        return Integer.parseInt(t);
    }

    private static void addContentType(List<Plan.Header> headers, String type) {
        if (headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("content-type"))) headers.add(new Plan.Header("Content-Type", type, false));
    }
}
