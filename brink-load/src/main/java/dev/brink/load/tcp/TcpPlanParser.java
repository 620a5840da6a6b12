package dev.brink.load.tcp;

import static dev.brink.load.plan.PlanValues.bool;
import static dev.brink.load.plan.PlanValues.fields;
import static dev.brink.load.plan.PlanValues.integer;
import static dev.brink.load.plan.PlanValues.number;
import static dev.brink.load.plan.PlanValues.optionalFields;
import static dev.brink.load.plan.PlanValues.string;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.UserText;
import dev.brink.load.plan.PlanNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Compiles the raw-TCP sections of a plan ({@code variables}, {@code packets}, {@code session},
 * {@code response}) into a {@link TcpSpec}. Every mistake is one {@link BrinkUserException} naming
 * file:line:column and what was expected: a length field too small for its value, an unknown checksum, a
 * range between fields that do not exist, a variable used before it is declared.
 */
public final class TcpPlanParser {
    /** A packet or a frame larger than this is a mistake in the plan, not a telemetry packet. */
    public static final int MAX_PACKET = 64 * 1024;
    private static final int MAX_FIELDS = 1024;
    private static final Set<String> TYPES = Set.of("hex", "u8", "u16", "u32", "u64", "u16le", "u32le", "u64le",
            "float32", "float64", "float32le", "float64le", "bcd", "bcd_time", "ascii", "text", "fill", "length", "checksum");
    private static final String TYPE_LIST = "one of hex, u8, u16, u32, u64, u16le, u32le, u64le, float32, float64, float32le,"
            + " float64le, bcd, bcd_time, ascii, text, fill, length, checksum";
    /** The plan's root sections a TCP target compiles, in the order plan.yaml writes them. */
    public static final List<String> SECTIONS = List.of("variables", "packets", "session", "response");
    private static final String[] MODIFIERS = {"name", "size", "scale", "pad", "order", "over", "adjust", "zone_offset_hours"};

    private final List<String> columns;
    private final Map<String, Variable> vars = new LinkedHashMap<>();

    private TcpPlanParser(List<String> columns) {
        this.columns = columns;
    }

    /**
     * @param root    the plan's root mapping (for "missing section" errors)
     * @param columns the CSV columns of the plan's data, in order (empty without data)
     */
    public static TcpSpec parse(PlanNode root, List<String> columns) throws BrinkUserException {
        return new TcpPlanParser(columns).spec(root);
    }

    private TcpSpec spec(PlanNode root) throws BrinkUserException {
        Map<String, PlanNode> f = root.fields();
        if (f.containsKey("variables")) variables(f.get("variables"));
        PlanNode packetsNode = f.get("packets");
        if (packetsNode == null) throw root.error("plan", "a 'packets' section (a TCP target sends packets)");
        if (packetsNode.fields() == null || packetsNode.fields().isEmpty()) {
            throw packetsNode.error("packets", "a mapping of packet name to its fields");
        }
        Map<String, Packet> packets = new HashMap<>();
        for (Map.Entry<String, PlanNode> e : packetsNode.fields().entrySet()) {
            packets.put(e.getKey(), packet(e.getKey(), e.getValue()));
        }
        PlanNode sn = f.get("session");
        Packet login = null;
        Packet logout = null;
        Packet data;
        long count = 0;
        double interval = 1;
        if (sn == null) {
            if (packets.size() != 1) throw root.error("plan", "a 'session' section naming the login, data and logout packets");
            data = packets.values().iterator().next();
        } else {
            Map<String, PlanNode> sf = fields(sn, "session", "login", "data", "logout", "packets", "interval");
            if (sf.containsKey("login")) login = packetRef(sf.get("login"), "session.login", packets);
            if (sf.containsKey("logout")) logout = packetRef(sf.get("logout"), "session.logout", packets);
            if (!sf.containsKey("data")) throw sn.error("session", "a 'data' packet");
            data = packetRef(sf.get("data"), "session.data", packets);
            if (sf.containsKey("packets")) count = (long) integer(sf.get("packets"), "session.packets", 0, 1_000_000_000_000L);
            if (logout != null && count == 0) {
                throw sn.error("session.packets", "a number of data packets > 0 when a session ends with a logout");
            }
            if (sf.containsKey("interval")) {
                PlanNode in = sf.get("interval");
                try {
                    interval = Durations.parse(string(in, "session.interval")).toNanos() / 1e9;
                } catch (BrinkUserException e) {
                    throw in.error("session.interval", "a duration like 1s or 500ms");
                }
                if (interval <= 0) throw in.error("session.interval", "a duration > 0");
            }
        }
        Response response = f.containsKey("response") ? response(f.get("response"))
                : new Response(new Framing.None(), null, 0, 0, new Response.Check[0]);
        Map<String, PlanNode> sections = new LinkedHashMap<>();
        for (String k : SECTIONS) if (f.containsKey(k)) sections.put(k, f.get(k));
        return new TcpSpec(vars.values().toArray(new Variable[0]), login, data, logout, count, interval, response, sections);
    }

    // ---- variables ----

    private void variables(PlanNode n) throws BrinkUserException {
        if (n.fields() == null) throw n.error("variables", "a mapping of variable name to its rule");
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            String name = e.getKey();
            String path = "variables." + name;
            PlanNode v = e.getValue();
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw v.error(path, "a variable name of letters, digits and '_'");
            if (v.fields() == null || v.fields().size() != 1) {
                throw v.error(path, "one of {counter: ...}, {clock: ...}, {walk: ...}, {accumulate: ...}, {session: ...}, {csv: column}");
            }
            Map.Entry<String, PlanNode> rule = v.fields().entrySet().iterator().next();
            int slot = vars.size();
            PlanNode r = rule.getValue();
            String rp = path + "." + rule.getKey();
            Variable var = switch (rule.getKey()) {
                case "counter" -> {
                    Map<String, PlanNode> rf = optionalFields(r, rp, "start", "step");
                    yield new Variable.Counter(name, slot, num(rf, "start", rp, 0), num(rf, "step", rp, 1));
                }
                case "clock" -> {
                    optionalFields(r, rp);
                    yield new Variable.Clock(name, slot);
                }
                case "walk" -> {
                    Map<String, PlanNode> rf = fields(r, rp, "start", "min", "max", "step");
                    double min = num(rf, "min", rp, Double.NaN);
                    double max = num(rf, "max", rp, Double.NaN);
                    if (Double.isNaN(min) || Double.isNaN(max)) throw r.error(rp, "min and max");
                    if (min > max) throw rf.get("min").error(rp + ".min", "a value <= max (" + max + ")");
                    double start = num(rf, "start", rp, (min + max) / 2);
                    if (start < min || start > max) throw rf.get("start").error(rp + ".start", "a value within [min, max]");
                    double step = num(rf, "step", rp, (max - min) / 100);
                    if (step < 0) throw rf.get("step").error(rp + ".step", "a step >= 0");
                    yield new Variable.Walk(name, slot, start, min, max, step);
                }
                case "accumulate" -> {
                    Map<String, PlanNode> rf = fields(r, rp, "start", "rate", "of", "min", "max");
                    int of = -1;
                    if (rf.containsKey("of")) {
                        Variable o = vars.get(string(rf.get("of"), rp + ".of"));
                        if (o == null) throw rf.get("of").error(rp + ".of", "a variable declared above this one");
                        of = o.slot;
                    }
                    double min = num(rf, "min", rp, -Double.MAX_VALUE);
                    double max = num(rf, "max", rp, Double.MAX_VALUE);
                    if (min > max) throw rf.get("min").error(rp + ".min", "a value <= max");
                    double start = num(rf, "start", rp, Math.max(min, Math.min(max, 0)));
                    yield new Variable.Accumulate(name, slot, start, num(rf, "rate", rp, 1), of, min, max);
                }
                case "session" -> {
                    Map<String, PlanNode> rf = optionalFields(r, rp, "start");
                    yield new Variable.SessionNumber(name, slot, num(rf, "start", rp, 0));
                }
                case "csv" -> {
                    String col = string(r, rp);
                    int i = columns.indexOf(col);
                    if (i < 0) {
                        throw r.error(rp, columns.isEmpty() ? "a 'data: {csv: ...}' section with this column"
                                : "one of the CSV columns " + columns);
                    }
                    yield new Variable.Csv(name, slot, i);
                }
                default -> throw v.error(path, "one of counter, clock, walk, accumulate, session, csv");
            };
            vars.put(name, var);
        }
    }

    // ---- packets ----

    private Packet packet(String name, PlanNode n) throws BrinkUserException {
        String path = "packets." + name;
        PlanNode fieldsNode;
        PlanNode escapeNode = null;
        if (n.items() != null) {
            fieldsNode = n;
        } else {
            Map<String, PlanNode> pf = fields(n, path, "fields", "escape");
            fieldsNode = pf.get("fields");
            escapeNode = pf.get("escape");
            if (fieldsNode == null) throw n.error(path, "a 'fields' list");
        }
        if (fieldsNode.items() == null || fieldsNode.items().isEmpty()) throw fieldsNode.error(path + ".fields", "a list of fields");
        List<PlanNode> items = fieldsNode.items();
        if (items.size() > MAX_FIELDS) throw fieldsNode.error(path + ".fields", "at most " + MAX_FIELDS + " fields");
        // first pass: sizes and names, so length and checksum ranges can name fields after them
        int[] offsets = new int[items.size()];
        int[] sizes = new int[items.size()];
        Map<String, Integer> byName = new HashMap<>();
        int off = 0;
        for (int i = 0; i < items.size(); i++) {
            String fp = path + ".fields[" + i + "]";
            PlanNode item = items.get(i);
            Map<String, PlanNode> ff = fieldMap(item, fp);
            sizes[i] = fieldSize(item, ff, fp);
            offsets[i] = off;
            off += sizes[i];
            if (off > MAX_PACKET) throw item.error(fp, "a packet of at most " + MAX_PACKET + " bytes");
            if (ff.containsKey("name")) {
                String fname = string(ff.get("name"), fp + ".name");
                if (byName.put(fname, i) != null) throw ff.get("name").error(fp + ".name", "a field name not used twice in the packet");
            }
        }
        Field[] fields = new Field[items.size()];
        for (int i = 0; i < items.size(); i++) {
            fields[i] = field(items.get(i), path + ".fields[" + i + "]", sizes[i], offsets, sizes, byName);
        }
        Escape escape = null;
        if (escapeNode != null) {
            Map<String, PlanNode> ef = fields(escapeNode, path + ".escape", "over", "map");
            int[] range = range(ef.get("over"), escapeNode, path + ".escape.over", offsets, sizes, byName);
            escape = new Escape(range[0], range[1], escapeMap(ef.get("map"), escapeNode, path + ".escape.map"));
        }
        return new Packet(name, fields, offsets, off, escape);
    }

    private Map<String, PlanNode> fieldMap(PlanNode item, String fp) throws BrinkUserException {
        if (item.fields() == null) throw item.error(fp, "a field: a mapping with " + TYPE_LIST);
        String type = null;
        for (String k : item.fields().keySet()) {
            if (TYPES.contains(k)) {
                if (type != null) throw item.error(fp, "one type per field, got " + type + " and " + k);
                type = k;
            } else if (!List.of(MODIFIERS).contains(k)) {
                // the key is the mistake (a misspelt type or modifier), whatever its value
                throw new BrinkUserException(item.fields().get(k).where() + ": " + fp + ": expected a type, " + TYPE_LIST
                        + ", or one of the keys " + String.join(", ", MODIFIERS) + ", got '" + UserText.quote(k) + "'");
            }
        }
        if (type == null) throw item.error(fp, TYPE_LIST);
        return item.fields();
    }

    private static String typeOf(Map<String, PlanNode> ff) {
        for (String k : ff.keySet()) if (TYPES.contains(k)) return k;
        throw new IllegalStateException("checked by fieldMap");
    }

    private int fieldSize(PlanNode item, Map<String, PlanNode> ff, String fp) throws BrinkUserException {
        String type = typeOf(ff);
        return switch (type) {
            case "hex" -> hex(ff.get("hex"), fp + ".hex").length;
            case "u8" -> 1;
            case "u16", "u16le" -> 2;
            case "u32", "u32le" -> 4;
            case "u64", "u64le" -> 8;
            case "float32", "float32le" -> 4;
            case "float64", "float64le" -> 8;
            case "bcd_time" -> 6;
            case "checksum" -> {
                Checksum c = Checksum.byLabel(string(ff.get("checksum"), fp + ".checksum"));
                if (c == null) throw ff.get("checksum").error(fp + ".checksum", "one of " + Checksum.labels());
                yield c.size;
            }
            case "length" -> {
                int s = ff.containsKey("size") ? (int) integer(ff.get("size"), fp + ".size", 1, 4) : 2;
                if (s == 3) throw ff.get("size").error(fp + ".size", "1, 2 or 4");
                yield s;
            }
            default -> {
                if (!ff.containsKey("size")) throw item.error(fp, "a size (bytes) for a " + type + " field");
                yield (int) integer(ff.get("size"), fp + ".size", 1, MAX_PACKET);
            }
        };
    }

    private Field field(PlanNode item, String fp, int size, int[] offsets, int[] sizes, Map<String, Integer> byName)
            throws BrinkUserException {
        Map<String, PlanNode> ff = item.fields();
        String type = typeOf(ff);
        PlanNode v = ff.get(type);
        String vp = fp + "." + type;
        switch (type) {
            case "hex" -> {
                return new Field.Constant(hex(v, vp));
            }
            case "u8", "u16", "u32", "u64", "u16le", "u32le", "u64le" -> {
                boolean le = type.endsWith("le") || order(ff, fp);
                double scale = ff.containsKey("scale") ? number(ff.get("scale"), fp + ".scale", -1e18, 1e18) : 1;
                Variable var = vars.get(string(v, vp));
                if (var != null) {
                    return new Field.Int(size, le, var.slot, 0, scale);
                }
                long c = constant(v, vp);
                if (size < 8 && (c >= 1L << (8 * size) || c < -(1L << (8 * size - 1)))) {
                    throw v.error(vp, "a value that fits in " + size + " byte" + (size == 1 ? "" : "s") + ", or a variable");
                }
                return new Field.Int(size, le, -1, c, 1);
            }
            case "float32", "float64", "float32le", "float64le" -> {
                boolean le = type.endsWith("le") || order(ff, fp);
                double scale = ff.containsKey("scale") ? number(ff.get("scale"), fp + ".scale", -1e18, 1e18) : 1;
                Variable var = vars.get(string(v, vp));
                if (var != null) return new Field.Real(size, le, var.slot, 0, scale);
                return new Field.Real(size, le, -1, real(v, vp, size), 1);
            }
            case "bcd" -> {
                Variable var = vars.get(string(v, vp));
                if (var instanceof Variable.Csv csv) return new Field.Bcd(size, -1, 0, csv);
                if (var != null) return new Field.Bcd(size, var.slot, 0, null);
                long c = constant(v, vp);
                if (c < 0 || String.valueOf(c).length() > 2 * size) throw v.error(vp, "at most " + 2 * size + " decimal digits, or a variable");
                return new Field.Bcd(size, -1, c, null);
            }
            case "bcd_time" -> {
                Variable var = vars.get(string(v, vp));
                if (!(var instanceof Variable.Clock)) throw v.error(vp, "the name of a clock variable");
                long zone = ff.containsKey("zone_offset_hours")
                        ? (long) (number(ff.get("zone_offset_hours"), fp + ".zone_offset_hours", -14, 14) * 3600) : 0;
                return new Field.BcdTime(var.slot, zone);
            }
            case "ascii" -> {
                Variable var = vars.get(string(v, vp));
                if (!(var instanceof Variable.Csv csv)) throw v.error(vp, "the name of a csv variable (a literal is 'text:')");
                return new Field.Ascii(size, null, csv, pad(ff, fp));
            }
            case "text" -> {
                byte[] t = string(v, vp).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                if (t.length > size) throw v.error(vp, "text of at most size (" + size + ") bytes");
                return new Field.Ascii(size, t, null, pad(ff, fp));
            }
            case "fill" -> {
                byte[] b = hex(v, vp);
                if (b.length != 1) throw v.error(vp, "one byte in hex, like \"00\"");
                return new Field.Fill(size, b[0]);
            }
            case "length" -> {
                int[] r = range(v, item, vp, offsets, sizes, byName);
                long adjust = ff.containsKey("adjust") ? (long) integer(ff.get("adjust"), fp + ".adjust", -MAX_PACKET, MAX_PACKET) : 0;
                long value = r[1] - r[0] + adjust;
                long limit = (1L << (8 * size)) - 1;
                if (value < 0 || value > limit) {
                    throw new BrinkUserException(item.where() + ": " + fp + ".length: expected a length field large enough: the range is "
                            + value + " bytes, " + size + (size == 1 ? " byte holds" : " bytes hold") + " at most " + limit);
                }
                return new Field.Length(size, order(ff, fp), value);
            }
            case "checksum" -> {
                int[] r = range(ff.get("over"), item, fp + ".over", offsets, sizes, byName);
                return new Field.Check(Checksum.byLabel(string(v, vp)), r[0], r[1], order(ff, fp));
            }
            default -> throw new IllegalStateException(type);
        }
    }

    /** {@code [first, last]} field names (inclusive) → the byte range {@code [from, to)}. */
    private static int[] range(PlanNode n, PlanNode owner, String path, int[] offsets, int[] sizes, Map<String, Integer> byName)
            throws BrinkUserException {
        if (n == null) throw owner.error(path, "a range: [first field name, last field name]");
        if (n.items() == null || n.items().size() != 2) throw n.error(path, "[first field name, last field name]");
        Integer a = byName.get(string(n.items().get(0), path));
        Integer b = byName.get(string(n.items().get(1), path));
        if (a == null) throw n.items().get(0).error(path + "[0]", "the name of a field of this packet");
        if (b == null) throw n.items().get(1).error(path + "[1]", "the name of a field of this packet");
        if (b < a) throw n.error(path, "a first field that comes before the last");
        return new int[] {offsets[a], offsets[b] + sizes[b]};
    }

    private static byte[][] escapeMap(PlanNode n, PlanNode owner, String path) throws BrinkUserException {
        if (n == null || n.fields() == null || n.fields().isEmpty()) {
            throw (n == null ? owner : n).error(path, "a mapping of byte to replacement in hex, like {\"7E\": \"7D02\"}");
        }
        byte[][] table = new byte[256][];
        for (Map.Entry<String, PlanNode> e : n.fields().entrySet()) {
            byte[] k = parseHex(e.getKey());
            if (k == null || k.length != 1) throw e.getValue().error(path, "one byte in hex as the key, got '" + UserText.quote(e.getKey()) + "'");
            byte[] r = hex(e.getValue(), path + "." + e.getKey());
            table[k[0] & 0xFF] = r;
        }
        return table;
    }

    // ---- response ----

    private Response response(PlanNode n) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, "response", "framing", "unescape", "checks");
        PlanNode fr = f.get("framing");
        if (fr == null) throw n.error("response", "a 'framing' (none, fixed, delimiter or length_field)");
        Framing framing = framing(fr);
        Escape unescape = null;
        int first = 0;
        int last = 0;
        if (f.containsKey("unescape")) {
            PlanNode u = f.get("unescape");
            Map<String, PlanNode> uf = fields(u, "response.unescape", "map", "skip_first", "skip_last");
            first = uf.containsKey("skip_first") ? (int) integer(uf.get("skip_first"), "response.unescape.skip_first", 0, 16) : 0;
            last = uf.containsKey("skip_last") ? (int) integer(uf.get("skip_last"), "response.unescape.skip_last", 0, 16) : 0;
            unescape = new Escape(0, 0, escapeMap(uf.get("map"), u, "response.unescape.map"));
        }
        List<Response.Check> checks = new ArrayList<>();
        PlanNode cn = f.get("checks");
        if (cn != null && !cn.isNull()) {
            if (cn.items() == null) throw cn.error("response.checks", "a list of checks like {offset: 0, u8: 0x7E}");
            if (!framing.getClass().equals(Framing.None.class)) {
                for (int i = 0; i < cn.items().size(); i++) checks.add(check(cn.items().get(i), "response.checks[" + i + "]", framing));
            } else if (!cn.items().isEmpty()) {
                throw cn.error("response.checks", "no checks when the framing is none (nothing comes back)");
            }
        }
        return new Response(framing, unescape, first, last, checks.toArray(new Response.Check[0]));
    }

    private Framing framing(PlanNode n) throws BrinkUserException {
        if (n.isScalar() && "none".equals(n.text())) return new Framing.None();
        String expected = "none, {fixed: N}, {delimiter: \"7E\", max: N} or {length_field: {offset, size, order, adjust, counts_header, max}}";
        if (n.fields() == null || n.fields().size() != 1) throw n.error("response.framing", expected);
        Map.Entry<String, PlanNode> e = n.fields().entrySet().iterator().next();
        PlanNode v = e.getValue();
        String p = "response.framing." + e.getKey();
        switch (e.getKey()) {
            case "fixed" -> {
                return new Framing.Fixed((int) integer(v, p, 1, MAX_PACKET));
            }
            case "delimiter" -> {
                Map<String, PlanNode> f = fields(v, p, "byte", "max");
                PlanNode b = f.get("byte");
                if (b == null) throw v.error(p, "a 'byte' in hex");
                byte[] d = hex(b, p + ".byte");
                if (d.length != 1) throw b.error(p + ".byte", "one byte in hex, like \"7E\"");
                int max = f.containsKey("max") ? (int) integer(f.get("max"), p + ".max", 2, MAX_PACKET) : 4096;
                return new Framing.Delimiter(d[0], max);
            }
            case "length_field" -> {
                Map<String, PlanNode> f = fields(v, p, "offset", "size", "order", "adjust", "counts_header", "max");
                int offset = f.containsKey("offset") ? (int) integer(f.get("offset"), p + ".offset", 0, MAX_PACKET) : 0;
                int size = f.containsKey("size") ? (int) integer(f.get("size"), p + ".size", 1, 4) : 2;
                if (size == 3) throw f.get("size").error(p + ".size", "1, 2 or 4");
                int adjust = f.containsKey("adjust") ? (int) integer(f.get("adjust"), p + ".adjust", -MAX_PACKET, MAX_PACKET) : 0;
                boolean counts = f.containsKey("counts_header") && bool(f.get("counts_header"), p + ".counts_header");
                int max = f.containsKey("max") ? (int) integer(f.get("max"), p + ".max", offset + size, MAX_PACKET) : 4096;
                return new Framing.LengthField(offset, size, order(f, p), adjust, counts, max);
            }
            default -> throw n.error("response.framing", expected);
        }
    }

    private Response.Check check(PlanNode n, String path, Framing framing) throws BrinkUserException {
        Map<String, PlanNode> f = fields(n, path, "offset", "u8", "u16", "u32", "u64", "u16le", "u32le", "u64le");
        if (!f.containsKey("offset") || f.size() != 2) throw n.error(path, "an offset and one of u8, u16, u32, u64 (le)");
        int offset = (int) integer(f.get("offset"), path + ".offset", 0, MAX_PACKET);
        String type = null;
        for (String k : f.keySet()) if (!k.equals("offset")) type = k;
        int size = switch (type.replace("le", "")) {
            case "u8" -> 1;
            case "u16" -> 2;
            case "u32" -> 4;
            default -> 8;
        };
        if (framing instanceof Framing.Fixed fx && offset + size > fx.length) {
            throw f.get("offset").error(path + ".offset", "a check within the fixed frame of " + fx.length + " bytes");
        }
        PlanNode v = f.get(type);
        Variable var = vars.get(string(v, path + "." + type));
        if (var != null) return new Response.Check(offset, size, type.endsWith("le"), 0, var.slot);
        return new Response.Check(offset, size, type.endsWith("le"), constant(v, path + "." + type), -1);
    }

    // ---- scalars ----

    private static Packet packetRef(PlanNode n, String path, Map<String, Packet> packets) throws BrinkUserException {
        Packet p = packets.get(string(n, path));
        if (p == null) throw n.error(path, "one of the packets " + new java.util.TreeSet<>(packets.keySet()));
        return p;
    }

    private static double num(Map<String, PlanNode> f, String key, String path, double dflt) throws BrinkUserException {
        return f.containsKey(key) ? number(f.get(key), path + "." + key, -1e18, 1e18) : dflt;
    }

    /** A float field's constant: a finite decimal number its {@code size} bytes hold (float32: at most ±3.4e38). */
    private static double real(PlanNode n, String path, int size) throws BrinkUserException {
        String expected = "a number a float" + 8 * size + " holds, or the name of a variable";
        double c;
        try {
            c = Double.parseDouble(string(n, path).trim());
        } catch (NumberFormatException e) {
            throw n.error(path, expected);
        }
        if (!Double.isFinite(c) || size == 4 && Math.abs(c) > Float.MAX_VALUE) throw n.error(path, expected);
        return c;
    }

    private static long constant(PlanNode n, String path) throws BrinkUserException {
        String t = string(n, path).trim();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) return Long.parseUnsignedLong(t.substring(2), 16);
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw n.error(path, "an integer (decimal or 0x hex) or the name of a variable");
        }
    }

    private static boolean order(Map<String, PlanNode> f, String path) throws BrinkUserException {
        if (!f.containsKey("order")) return false;
        String o = string(f.get("order"), path + ".order").toLowerCase(Locale.ROOT);
        if (o.equals("be") || o.equals("big")) return false;
        if (o.equals("le") || o.equals("little")) return true;
        throw f.get("order").error(path + ".order", "be or le");
    }

    private static byte pad(Map<String, PlanNode> f, String path) throws BrinkUserException {
        if (!f.containsKey("pad")) return 0;
        byte[] b = hex(f.get("pad"), path + ".pad");
        if (b.length != 1) throw f.get("pad").error(path + ".pad", "one byte in hex, like \"20\"");
        return b[0];
    }

    private static byte[] hex(PlanNode n, String path) throws BrinkUserException {
        byte[] b = parseHex(string(n, path));
        if (b == null || b.length == 0) throw n.error(path, "bytes in hex, like \"7E 01 00\"");
        if (b.length > MAX_PACKET) throw n.error(path, "at most " + MAX_PACKET + " bytes");
        return b;
    }

    /**
     * Hex digit pairs, spaces allowed between bytes, an optional 0x; null when it is not that. One pass over the text:
     * {@code brink tcp --packet} takes it from the command line, where a regular expression with a repeated group
     * overflowed the stack on 5 000 bytes.
     */
    public static byte[] parseHex(String text) {
        String t = text.replace(" ", "");
        if (t.startsWith("0x") || t.startsWith("0X")) t = t.substring(2);
        if (t.length() % 2 != 0) return null;
        byte[] b = new byte[t.length() / 2];
        for (int i = 0; i < b.length; i++) {
            int hi = Character.digit(t.charAt(2 * i), 16);
            int lo = Character.digit(t.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) return null;
            b[i] = (byte) (hi << 4 | lo);
        }
        return b;
    }
}
