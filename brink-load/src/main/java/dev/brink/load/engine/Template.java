package dev.brink.load.engine;

import dev.brink.core.UserText;
import dev.brink.load.plan.FormBody;
import dev.brink.load.plan.JsonBody;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request template compiled once into parts that write bytes straight into a ByteBuf, so filling it
 * per request allocates nothing on the heap (no String building, no script interpreter).
 *
 * <p>Placeholders: {@code ${seq}}, {@code ${random.int(a,b)}} (inclusive), {@code ${random.string(n)}}
 * (alphanumeric; {@code ${random.string(n,CHARS)}} draws from CHARS), {@code ${random.decimal(a,b)}} (two fraction
 * digits), {@code ${random.uuid}}, {@code ${time.ms}} and {@code ${time.s}} (the wall clock, Unix epoch),
 * {@code ${user}} (the virtual user's number from 1), {@code ${user.seq}} (that user's request number from 1),
 * {@code ${counter(start,step,end)}} and {@code ${counter.user(start,step,end)}} (a value advanced once per flow run of
 * any user, or of this user, wrapping after end; an optional fourth argument zero-pads to that many digits: JMeter's
 * Counter config element, see {@link Counter}),
 * {@code ${csv.COLUMN}}, {@code ${env.NAME}} (read once at compile time and marked secret), {@code ${session.NAME}}
 * (a value an earlier step of the user's flow extracted, see {@link Session}). Anything else
 * is literal; {@code $${} writes a literal {@code ${}.
 *
 * <p>Immutable and thread-safe; per-request state lives in the {@link RequestContext} passed in.
 */
public final class Template {
    private static final Pattern RANDOM_CALL = Pattern.compile("random\\.(int|string|decimal)\\(\\s*(-?[0-9.]+)\\s*(?:,\\s*(-?[0-9.]+)\\s*)?\\)");
    /** {@code random.string(n,CHARS)}: CHARS is everything after the comma, as written (printable ASCII). */
    private static final Pattern RANDOM_CHARS = Pattern.compile("random\\.string\\(\\s*([0-9]+)\\s*,([\\x20-\\x7E]+)\\)");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
    private static final byte[] ALNUM = Ascii.bytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    private static final byte[] HEX = Ascii.bytes("0123456789abcdef");

    private final String source;
    private final Part[] parts;
    private final boolean secret;
    private final long csvColumns;
    private final boolean constant;

    private Template(String source, Part[] parts, boolean secret, long csvColumns, boolean constant) {
        this.source = source;
        this.parts = parts;
        this.secret = secret;
        this.csvColumns = csvColumns;
        this.constant = constant;
    }

    /**
     * Where a template's bytes go, which decides the bytes it may hold. A path is part of the request line, so
     * a space or control character would split it; a header value ends at CR or LF, so one would start a new
     * header the user never wrote (header injection); a body is framed by Content-Length and may hold anything.
     */
    public enum Field {
        PATH("a path without spaces or control characters (percent-encode them)") {
            @Override
            boolean allows(int b) {
                return b > 0x20 && b != 0x7F;
            }
        },
        HEADER("a header value without CR, LF or NUL") {
            @Override
            boolean allows(int b) {
                return b != '\r' && b != '\n' && b != 0;
            }
        },
        BODY("a body") {
            @Override
            boolean allows(int b) {
                return true;
            }
        },
        /**
         * A value of a {@code form:} body (application/x-www-form-urlencoded): literal text is encoded when the plan
         * is read ({@link FormBody}), CSV and session values as they are written, so an '&' or '=' in them stays data.
         */
        FORM("a form value") {
            @Override
            boolean allows(int b) {
                return true;
            }
        },
        /**
         * A {@code json:} body: literal text is escaped when the plan is read ({@link JsonBody}), CSV, session and
         * environment values as they are written, so a quote in them stays inside its JSON string.
         */
        JSON("a JSON body") {
            @Override
            boolean allows(int b) {
                return true;
            }
        };

        final String expected;

        Field(String expected) {
            this.expected = expected;
        }

        abstract boolean allows(int b);

        /** Index of the first character this field cannot carry, or -1. */
        public int firstForbidden(CharSequence text) {
            for (int i = 0; i < text.length(); i++) if (!allows(text.charAt(i))) return i;
            return -1;
        }

        /** True when a byte of {@code value} cannot be carried. */
        public boolean forbids(byte[] value) {
            for (byte b : value) if (!allows(b & 0xFF)) return true;
            return false;
        }
    }

    /** A template rejected at compile time; {@code offset} is the character index in the source. */
    public static final class Invalid extends Exception {
        public final int offset;

        Invalid(int offset, String message) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }

    @FunctionalInterface
    interface Part {
        void write(ByteBuf buf, RequestContext ctx);
    }

    /**
     * Compiles {@code source}. {@code csvColumns} are the feeder's columns (empty without a feeder);
     * {@code env} returns an environment value or null when unset.
     */
    public static Template compile(String source, List<String> csvColumns, UnaryOperator<String> env) throws Invalid {
        return compile(source, csvColumns, env, Field.BODY);
    }

    /**
     * Compiles {@code source} for {@code field}: a literal character the field cannot carry, or one in an
     * {@code ${env.NAME}} value, is rejected here (the message names the variable, never its value: it is secret).
     * CSV columns are checked per row when the request is made ({@link #csvColumns()}).
     */
    public static Template compile(String source, List<String> csvColumns, UnaryOperator<String> env, Field field) throws Invalid {
        return compile(source, csvColumns, env, field, java.util.Set.of());
    }

    /**
     * As {@link #compile(String, List, UnaryOperator, Field)}, where {@code ${session.NAME}} may name the values in
     * {@code session}: those an earlier step of the same flow extracts (see {@link Session}).
     */
    public static Template compile(String source, List<String> csvColumns, UnaryOperator<String> env, Field field,
                            java.util.Set<String> session) throws Invalid {
        if (csvColumns.size() > CsvFeeder.MAX_COLUMNS) throw new Invalid(0, "at most " + CsvFeeder.MAX_COLUMNS + " CSV columns");
        // inside a placeholder too: "${seq\n}" trims to a valid name, yet the text would still hold the LF
        int lineBreak = field == Field.BODY ? -1 : UserText.firstLineBreak(source);
        if (lineBreak >= 0) {
            throw new Invalid(lineBreak, field.expected + ", got " + describe(source.charAt(lineBreak)) + " at character " + (lineBreak + 1));
        }
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        boolean secret = false;
        long columns = 0;
        int generated = 0;
        int i = 0;
        while (i < source.length()) {
            if (source.startsWith("$${", i)) {
                literal.append("${");
                i += 3;
                continue;
            }
            if (!source.startsWith("${", i)) {
                if (!field.allows(source.charAt(i))) {
                    throw new Invalid(i, field.expected + ", got " + describe(source.charAt(i)) + " at character " + (i + 1));
                }
                literal.append(source.charAt(i++));
                continue;
            }
            int end = source.indexOf('}', i);
            if (end < 0) throw new Invalid(i, "a closing '}' for the placeholder");
            String expr = source.substring(i + 2, end).trim();
            if (expr.startsWith("env.")) {
                String name = expr.substring(4);
                if (!NAME.matcher(name).matches()) throw new Invalid(i, "an environment variable name after 'env.'");
                String value = env.apply(name);
                if (value == null) throw new Invalid(i, "environment variable " + name + " to be set");
                int bad = field.firstForbidden(value);
                if (bad >= 0) {
                    throw new Invalid(i, field.expected + " in environment variable " + name + ", got "
                            + describe(value.charAt(bad)) + " in its value (not shown: env values are secret)");
                }
                literal.append(field == Field.JSON ? JsonBody.escape(value) : value); // joins the bytes: the whole template becomes secret
                secret = true;
            } else {
                flush(literal, parts);
                generated++;
                parts.add(expr.startsWith("session.") ? sessionValue(expr.substring(8), i, session, field)
                        : placeholder(expr, i, csvColumns, field));
                if (expr.startsWith("csv.")) columns |= 1L << csvColumns.indexOf(expr.substring(4));
            }
            i = end + 1;
        }
        flush(literal, parts);
        return new Template(source, parts.toArray(new Part[0]), secret, columns, generated == 0);
    }

    private static String describe(char c) {
        return switch (c) {
            case '\r' -> "CR";
            case '\n' -> "LF";
            case '\0' -> "NUL";
            case ' ' -> "a space";
            default -> String.format("character U+%04X", (int) c);
        };
    }

    private static void flush(StringBuilder literal, List<Part> parts) {
        if (literal.length() == 0) return;
        byte[] bytes = Ascii.bytes(literal.toString());
        parts.add((buf, ctx) -> buf.writeBytes(bytes));
        literal.setLength(0);
    }

    private static Part sessionValue(String name, int at, java.util.Set<String> session, Field field) throws Invalid {
        if (!session.contains(name)) {
            throw new Invalid(at, session.isEmpty() ? "a value an earlier step of the same flow extracts for ${session." + UserText.quote(name)
                    + "} (none does)" : "a value an earlier step of the same flow extracts, one of " + session + ", got '" + UserText.quote(name) + "'");
        }
        String interned = name.intern(); // the session finds it by identity first
        return (buf, ctx) -> ctx.session.write(buf, interned, field);
    }

    private static Part placeholder(String expr, int at, List<String> csvColumns, Field field) throws Invalid {
        switch (expr) {
            case "seq":
                return (buf, ctx) -> Ascii.writeLong(buf, ctx.seq);
            case "random.uuid":
                return Template::writeUuid;
            case "time.ms":
                return (buf, ctx) -> Ascii.writeLong(buf, System.currentTimeMillis());
            case "time.s":
                return (buf, ctx) -> Ascii.writeLong(buf, System.currentTimeMillis() / 1000);
            case "user":
                return (buf, ctx) -> Ascii.writeLong(buf, ctx.user + 1L);
            case "user.seq":
                return (buf, ctx) -> Ascii.writeLong(buf, ctx.userSeq);
            default:
                break;
        }
        if (expr.startsWith("counter")) return Counter.compile(expr, at);
        Matcher chars = RANDOM_CHARS.matcher(expr);
        if (chars.matches()) {
            // more than 6 digits is more than 65536 whatever they are (and might not fit an int)
            int n = chars.group(1).length() > 6 ? 0 : Integer.parseInt(chars.group(1));
            if (n < 1 || n > 65536) throw new Invalid(at, "a length from 1 to 65536 in random.string(n,chars)");
            byte[] pool = Ascii.bytes(chars.group(2));
            if (field.forbids(pool)) throw new Invalid(at, field.expected + ": random.string's characters hold one it cannot carry");
            return (buf, ctx) -> {
                for (int k = 0; k < n; k++) buf.writeByte(pool[ctx.random.nextInt(pool.length)]);
            };
        }
        if (expr.startsWith("csv.")) {
            String column = expr.substring(4);
            int index = csvColumns.indexOf(column);
            if (index < 0) {
                throw new Invalid(at, csvColumns.isEmpty() ? "a data: csv feeder for ${" + UserText.quote(expr) + "}"
                        : "a CSV column, one of " + csvColumns + ", got '" + UserText.quote(column) + "'");
            }
            if (field == Field.FORM) return (buf, ctx) -> FormBody.writeEncoded(buf, ctx.row[index]);
            if (field == Field.JSON) return (buf, ctx) -> JsonBody.writeEscaped(buf, ctx.row[index]);
            return (buf, ctx) -> buf.writeBytes(ctx.row[index]);
        }
        Matcher m = RANDOM_CALL.matcher(expr);
        if (!m.matches()) {
            throw new Invalid(at, "one of ${seq}, ${random.int(a,b)}, ${random.string(n)}, ${random.decimal(a,b)}, "
                    + "${random.uuid}, ${time.ms}, ${time.s}, ${user}, ${user.seq}, ${counter(start,step,end)}, "
                    + "${counter.user(start,step,end)}, ${csv.COLUMN}, ${env.NAME}, ${session.NAME}, got '${" + UserText.quote(expr) + "}'");
        }
        String fn = m.group(1);
        try {
            if (fn.equals("string")) {
                if (m.group(3) != null) throw new Invalid(at, "one argument to random.string(n)");
                int n = Integer.parseInt(m.group(2));
                if (n < 1 || n > 65536) throw new Invalid(at, "a length from 1 to 65536 in random.string(n)");
                return (buf, ctx) -> {
                    for (int k = 0; k < n; k++) buf.writeByte(ALNUM[ctx.random.nextInt(ALNUM.length)]);
                };
            }
            if (m.group(3) == null) throw new Invalid(at, "two arguments to random." + fn + "(a,b)");
            if (fn.equals("int")) {
                long lo = Long.parseLong(m.group(2));
                long hi = Long.parseLong(m.group(3));
                if (lo > hi || hi == Long.MAX_VALUE) throw new Invalid(at, "a <= b in random.int(a,b)");
                return (buf, ctx) -> Ascii.writeLong(buf, ctx.random.nextLong(lo, hi + 1));
            }
            long lo = Math.round(Double.parseDouble(m.group(2)) * 100);
            long hi = Math.round(Double.parseDouble(m.group(3)) * 100);
            if (lo > hi || Math.abs(lo) > 1e15 || Math.abs(hi) > 1e15) {
                throw new Invalid(at, "a <= b (each within ±1e13) in random.decimal(a,b)");
            }
            return (buf, ctx) -> Ascii.writeCents(buf, ctx.random.nextLong(lo, hi + 1));
        } catch (NumberFormatException e) {
            throw new Invalid(at, "integer arguments to random." + fn + ", got '" + UserText.quote(expr) + "'");
        }
    }

    private static void writeUuid(ByteBuf buf, RequestContext ctx) {
        long hi = ctx.random.nextLong();
        long lo = ctx.random.nextLong();
        hi = (hi & ~0xF000L) | 0x4000L; // version 4
        lo = (lo & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // IETF variant
        hex(buf, hi >>> 32, 8);
        buf.writeByte('-');
        hex(buf, hi >>> 16, 4);
        buf.writeByte('-');
        hex(buf, hi, 4);
        buf.writeByte('-');
        hex(buf, lo >>> 48, 4);
        buf.writeByte('-');
        hex(buf, lo, 12);
    }

    private static void hex(ByteBuf buf, long v, int digits) {
        for (int k = digits - 1; k >= 0; k--) buf.writeByte(HEX[(int) (v >>> (k * 4)) & 0xF]);
    }

    /**
     * One template writing {@code pieces} in order: each a {@link Template} or a {@code byte[]} written as it is
     * (a multipart body's boundaries and file contents). {@code source} names it in messages.
     */
    public static Template join(String source, List<Object> pieces) {
        List<Part> parts = new ArrayList<>();
        boolean secret = false;
        long columns = 0;
        for (Object p : pieces) {
            if (p instanceof Template t) {
                parts.addAll(List.of(t.parts));
                secret |= t.secret;
                columns |= t.csvColumns;
            } else {
                byte[] bytes = (byte[]) p;
                parts.add((buf, ctx) -> buf.writeBytes(bytes));
            }
        }
        return new Template(source, parts.toArray(new Part[0]), secret, columns, false);
    }

    /** True when the template is literal text only (no generator, CSV or session value): the same bytes every time. */
    public boolean constant() {
        return constant;
    }

    /** Writes the filled template; the caller has called {@link RequestContext#next} for this request. */
    public void write(ByteBuf buf, RequestContext ctx) {
        for (Part p : parts) p.write(buf, ctx);
    }

    /** Bit i set: the template writes CSV column i (so a row's value there must suit the template's field). */
    public long csvColumns() {
        return csvColumns;
    }

    /** True when the template wrote an {@code ${env.…}} value: never show its bytes. */
    boolean secret() {
        return secret;
    }

    /** The source text as the user wrote it; env values are not in it. */
    @Override
    public String toString() {
        return source;
    }
}
