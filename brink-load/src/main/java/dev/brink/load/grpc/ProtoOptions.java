package dev.brink.load.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import dev.brink.core.BrinkUserException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;

/**
 * Options as protoc records them: {@code option java_package = "x";}, {@code [packed = true]},
 * {@code option features.field_presence = IMPLICIT;} set the field of that name in descriptor.proto's options message
 * (FileOptions, FieldOptions, …; {@code features} is a FeatureSet in each), with the value read as that field's type;
 * so the descriptors match protoc's, field for field. A name descriptor.proto does not have is one line naming where
 * (protoc refuses it too). Custom options ({@code (my.ext) = …}) and a language's features
 * ({@code features.(pb.java).…}) are read and left out: they are extensions another file defines, and they change no
 * field's wire format (so a file using them has descriptors equal to protoc's but for them).
 */
final class ProtoOptions {
    private ProtoOptions() {
    }

    /** Reads {@code NAME = VALUE} (the name at the lexer) into {@code options}; false when it was a custom option, left out. */
    static boolean assign(ProtoLexer in, Message.Builder options, boolean editions) throws BrinkUserException {
        String at = in.here();
        if (in.peekIs("(")) {
            in.next();
            in.qualifiedName("an option extension name");
            in.expect(")");
            while (in.peek() != null && in.peek().startsWith(".")) in.next();
            in.expect("=");
            skipValue(in);
            return false;
        }
        String name = in.qualifiedName("an option name");
        if (in.peekIs(".")) { // features.(pb.java).x: a language's feature, an extension of FeatureSet: left out too
            while (!in.peekIs("=")) {
                if (in.atEnd()) in.fail("'='");
                in.next();
            }
            in.expect("=");
            skipValue(in);
            return false;
        }
        in.expect("=");
        Message.Builder b = options;
        String[] parts = name.split("\\.");
        for (int k = 0; k < parts.length; k++) {
            Descriptors.FieldDescriptor f = b.getDescriptorForType().findFieldByName(parts[k]);
            if (f == null || f.isRepeated() && k < parts.length - 1) {
                throw new BrinkUserException(at + ": unknown option \"" + name + "\" (" + b.getDescriptorForType().getName() + " has no field "
                        + parts[k] + "; protoc refuses it too)");
            }
            if (f.getName().equals("features") && !editions) {
                throw new BrinkUserException(at + ": option \"" + name + "\": features are only valid in an edition (edition = \"2023\")");
            }
            if (k < parts.length - 1) {
                if (f.getJavaType() != Descriptors.FieldDescriptor.JavaType.MESSAGE) {
                    throw new BrinkUserException(at + ": unknown option \"" + name + "\" (" + f.getName() + " is not a message)");
                }
                b = b.getFieldBuilder(f);
                continue;
            }
            Object v = value(in, f, at, "option \"" + name + "\"");
            if (f.isRepeated()) b.addRepeatedField(f, v);
            else b.setField(f, v);
        }
        return true;
    }

    /**
     * The value of option field {@code f}: read as its type, as protoc reads it. {@code what} names it in messages,
     * {@code at} is where it is (the lexer names where itself).
     */
    static Object value(ProtoLexer in, Descriptors.FieldDescriptor f, String at, String what) throws BrinkUserException {
        switch (f.getJavaType()) {
            case BOOLEAN -> {
                String t = in.ident(what + ": true or false");
                if (!t.equals("true") && !t.equals("false")) throw new BrinkUserException(at + ": " + what + ": expected true or false, got '" + t + "'");
                return t.equals("true");
            }
            case ENUM -> {
                String t = in.ident(what + ": a value of " + f.getEnumType().getName());
                Descriptors.EnumValueDescriptor v = f.getEnumType().findValueByName(t);
                if (v == null) throw new BrinkUserException(at + ": " + what + ": expected a value of " + f.getEnumType().getName() + ", got '" + t + "'");
                return v;
            }
            case STRING -> {
                return in.string(what + ": a string in quotes");
            }
            case BYTE_STRING -> {
                return ByteString.copyFrom(in.bytes(what + ": a string in quotes").getBytes(StandardCharsets.ISO_8859_1));
            }
            case INT -> {
                boolean unsigned = f.getType() == Descriptors.FieldDescriptor.Type.UINT32 || f.getType() == Descriptors.FieldDescriptor.Type.FIXED32;
                long v = signed(in, at, what, unsigned ? 0 : Integer.MIN_VALUE, unsigned ? 0xFFFFFFFFL : Integer.MAX_VALUE);
                return (int) v;
            }
            case LONG -> {
                return signed(in, at, what, Long.MIN_VALUE, Long.MAX_VALUE);
            }
            case FLOAT -> {
                return (float) real(in, at, what);
            }
            case DOUBLE -> {
                return real(in, at, what);
            }
            default -> { // a message: an aggregate in braces, in the text format
                Message.Builder sub = com.google.protobuf.DynamicMessage.newBuilder(f.getMessageType());
                String text = aggregate(in);
                try {
                    TextFormat.merge(text, sub);
                } catch (TextFormat.ParseException e) {
                    throw new BrinkUserException(at + ": " + what + ": expected " + f.getMessageType().getName() + " in the text format, " + e.getMessage());
                }
                return sub.build();
            }
        }
    }

    private static long signed(ProtoLexer in, String at, String what, long min, long max) throws BrinkUserException {
        boolean neg = false;
        if (in.peekIs("-")) {
            in.next();
            neg = true;
        }
        long v = in.integer(what + ": an integer", Long.MIN_VALUE, Long.MAX_VALUE);
        v = neg ? -v : v;
        if (v < min || v > max) throw new BrinkUserException(at + ": " + what + ": expected an integer from " + min + " to " + max + ", got " + v);
        return v;
    }

    /** A number, {@code inf} or {@code nan}, with an optional sign. */
    static double real(ProtoLexer in, String at, String what) throws BrinkUserException {
        boolean neg = false;
        if (in.peekIs("-")) {
            in.next();
            neg = true;
        }
        String t = in.next();
        double v;
        if (t.equals("inf")) v = Double.POSITIVE_INFINITY;
        else if (t.equals("nan")) v = Double.NaN;
        else if (t.startsWith("-inf")) v = Double.NEGATIVE_INFINITY;
        else {
            try {
                String d = t.startsWith("+") ? t.substring(1) : t;
                if (d.startsWith("-")) {
                    neg = !neg;
                    d = d.substring(1);
                }
                v = d.matches("0[xX][0-9a-fA-F]+") ? Long.parseLong(d.substring(2), 16)
                        : d.matches("0[0-7]+") ? Long.parseLong(d.substring(1), 8)
                        : Double.parseDouble(d.endsWith("f") || d.endsWith("F") ? d.substring(0, d.length() - 1) : d);
            } catch (NumberFormatException e) {
                throw new BrinkUserException(at + ": " + what + ": expected a number, got '" + t + "'");
            }
        }
        return neg ? -v : v;
    }

    /** An aggregate value's text, braces excluded, rebuilt from its tokens. */
    private static String aggregate(ProtoLexer in) throws BrinkUserException {
        in.expect("{");
        StringBuilder b = new StringBuilder();
        int depth = 1;
        while (true) {
            if (in.atEnd()) in.fail("'}'");
            boolean quoted = in.peekQuoted();
            String t = quoted ? in.bytes("a string") : in.next();
            if (!quoted && (t.equals("{") || t.equals("<"))) depth++;
            if (!quoted && (t.equals("}") || t.equals(">")) && --depth == 0) break;
            b.append(quoted ? "\"" + escape(t) + "\"" : t).append(' ');
        }
        return b.toString();
    }

    static void skipValue(ProtoLexer in) throws BrinkUserException {
        if (in.peekIs("{")) {
            aggregate(in);
        } else {
            if (in.peekIs("-")) in.next();
            in.constant("an option value");
        }
    }

    // ---- default values, written as protoc writes them into FieldDescriptorProto.default_value ----

    /** protoc's SimpleDtoa: the shortest of %.15g and %.17g that reads back as the same double. */
    static String dtoa(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        String s = g(v, 15);
        return Double.parseDouble(s) == v ? s : g(v, 17);
    }

    /** protoc's SimpleFtoa: %.6g, else %.9g. */
    static String ftoa(float v) {
        if (Float.isNaN(v)) return "nan";
        if (Float.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        String s = g(v, 6);
        return Float.parseFloat(s) == v ? s : g(v, 9);
    }

    /** C's printf %.Pg: P significant digits, fixed or scientific as C chooses, trailing zeros dropped. */
    private static String g(double v, int p) {
        if (v == 0) return (1 / v < 0) ? "-0" : "0";
        BigDecimal d = new BigDecimal(v).round(new MathContext(p));
        int exp = d.precision() - d.scale() - 1;
        if (exp < -4 || exp >= p) {
            BigDecimal mant = d.movePointLeft(exp);
            String m = strip(mant.toPlainString());
            return m + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        }
        return strip(d.toPlainString());
    }

    private static String strip(String s) {
        if (!s.contains(".")) return s;
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** absl::CEscape, as protoc writes a bytes field's default: C escapes, other bytes outside printable ASCII as octal. */
    static String escape(String bytes) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < bytes.length(); i++) {
            char c = bytes.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '"' -> b.append("\\\"");
                case '\'' -> b.append("\\'");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c >= 0x7F) b.append('\\').append((char) ('0' + (c >> 6 & 3))).append((char) ('0' + (c >> 3 & 7))).append((char) ('0' + (c & 7)));
                    else b.append(c);
                }
            }
        }
        return b.toString();
    }
}
