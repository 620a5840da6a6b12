package dev.brink.load.grpc;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.Edition;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumOptions;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueOptions;
import com.google.protobuf.DescriptorProtos.ExtensionRangeOptions;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileOptions;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofOptions;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceOptions;
import com.google.protobuf.Message;
import dev.brink.core.BrinkUserException;
import java.util.Map;

/**
 * A .proto parser that turns proto2, proto3 and Protobuf Editions text into the {@link FileDescriptorProto} protoc
 * writes for it ({@code protoc --descriptor_set_out}, protoc 25, which matches Brink's protobuf-java 3.25), so Brink
 * needs no protoc: package, imports (public, weak), options (descriptor.proto's, {@code features.*} in editions; see
 * {@link ProtoOptions}), messages (nested, oneof, map, proto3 optional, reserved, extension ranges, extensions),
 * enums, services with unary and streaming rpcs, default values and JSON names as protoc writes them. Type names are
 * left as written here; {@link ProtoResolver} resolves them across the files as protoc does.
 *
 * <p>Editions: {@code edition = "2023"} (the edition protoc 25 and protobuf-java 3.25 know; a later one is one line
 * saying so), where fields take no {@code optional} or {@code required} label and presence, packing, enum openness
 * and the rest are features ({@code option features.field_presence = IMPLICIT;}).
 *
 * <p>Errors name file:line:column and what was expected. Stateless; each call parses one file.
 */
final class ProtoParser {
    private static final Map<String, FieldDescriptorProto.Type> SCALARS = Map.ofEntries(
            Map.entry("double", FieldDescriptorProto.Type.TYPE_DOUBLE), Map.entry("float", FieldDescriptorProto.Type.TYPE_FLOAT),
            Map.entry("int64", FieldDescriptorProto.Type.TYPE_INT64), Map.entry("uint64", FieldDescriptorProto.Type.TYPE_UINT64),
            Map.entry("int32", FieldDescriptorProto.Type.TYPE_INT32), Map.entry("fixed64", FieldDescriptorProto.Type.TYPE_FIXED64),
            Map.entry("fixed32", FieldDescriptorProto.Type.TYPE_FIXED32), Map.entry("bool", FieldDescriptorProto.Type.TYPE_BOOL),
            Map.entry("string", FieldDescriptorProto.Type.TYPE_STRING), Map.entry("bytes", FieldDescriptorProto.Type.TYPE_BYTES),
            Map.entry("uint32", FieldDescriptorProto.Type.TYPE_UINT32), Map.entry("sfixed32", FieldDescriptorProto.Type.TYPE_SFIXED32),
            Map.entry("sfixed64", FieldDescriptorProto.Type.TYPE_SFIXED64), Map.entry("sint32", FieldDescriptorProto.Type.TYPE_SINT32),
            Map.entry("sint64", FieldDescriptorProto.Type.TYPE_SINT64));
    private static final int MAX_DEPTH = 64;
    /** The largest field number; {@code max} in a range means it. Enum ranges go to the largest int. */
    private static final int MAX_FIELD = 536_870_911;
    /** The editions this reader knows: those protoc 25 writes and protobuf-java 3.25 (Brink's) has a name for. */
    static final Map<String, Edition> EDITIONS = Map.of("2023", Edition.EDITION_2023);

    private enum Syntax { PROTO2, PROTO3, EDITIONS }

    private final ProtoLexer in;
    private Syntax syntax = Syntax.PROTO2;

    private ProtoParser(ProtoLexer in) {
        this.in = in;
    }

    /**
     * Parses {@code text}; {@code name} is the file's import name (as other files import it), {@code shown}
     * how errors name it.
     * @throws BrinkUserException "file:line:col: expected …, found …"
     */
    static FileDescriptorProto parse(String text, String name, String shown) throws BrinkUserException {
        return new ProtoParser(new ProtoLexer(text, shown)).file(name);
    }

    private FileDescriptorProto file(String name) throws BrinkUserException {
        FileDescriptorProto.Builder f = FileDescriptorProto.newBuilder().setName(name);
        if (in.peekIs("syntax")) {
            in.next();
            in.expect("=");
            String at = in.here();
            String s = in.string("\"proto2\" or \"proto3\"");
            if (!s.equals("proto2") && !s.equals("proto3")) throw new BrinkUserException(at + ": expected \"proto2\" or \"proto3\", found \"" + s + "\"");
            syntax = s.equals("proto3") ? Syntax.PROTO3 : Syntax.PROTO2;
            in.expect(";");
            if (syntax == Syntax.PROTO3) f.setSyntax("proto3");
        } else if (in.peekIs("edition")) {
            in.next();
            in.expect("=");
            String at = in.here();
            String e = in.string("an edition in quotes, \"2023\"");
            if (!EDITIONS.containsKey(e)) {
                throw new BrinkUserException(at + ": expected edition \"2023\", the one protoc 25 and Brink's protobuf-java 3.25 know,"
                        + " found \"" + e + "\" (protoc 25 refuses it too: Unknown edition)");
            }
            syntax = Syntax.EDITIONS;
            f.setSyntax("editions").setEdition(EDITIONS.get(e));
            in.expect(";");
        }
        while (!in.atEnd()) {
            String kw = in.ident("package, import, option, message, enum, service or extend");
            switch (kw) {
                case "package" -> {
                    f.setPackage(in.qualifiedName("a package name"));
                    in.expect(";");
                }
                case "import" -> {
                    if (in.peekIs("public")) {
                        in.next();
                        f.addPublicDependency(f.getDependencyCount());
                    } else if (in.peekIs("weak")) {
                        in.next();
                        f.addWeakDependency(f.getDependencyCount());
                    }
                    f.addDependency(in.string("an import file name in quotes"));
                    in.expect(";");
                }
                case "option" -> option(f.getOptionsBuilder());
                case "message" -> f.addMessageType(message(0));
                case "enum" -> f.addEnumType(enumType());
                case "service" -> f.addService(service());
                case "extend" -> extend(f::addExtension, null);
                case ";" -> { }
                default -> in.failAt("package, import, option, message, enum, service or extend", kw);
            }
        }
        if (f.hasOptions() && f.getOptions().equals(FileOptions.getDefaultInstance())) f.clearOptions();
        jsonNames(f);
        return f.build();
    }

    /** {@code option NAME = VALUE;} into {@code options}. */
    private void option(Message.Builder options) throws BrinkUserException {
        ProtoOptions.assign(in, options, syntax == Syntax.EDITIONS);
        in.expect(";");
    }

    private DescriptorProto message(int depth) throws BrinkUserException {
        if (depth > MAX_DEPTH) in.fail("messages nested at most " + MAX_DEPTH + " deep");
        DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(in.ident("a message name"));
        in.expect("{");
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing message " + m.getName());
            String t = in.peek();
            switch (t) {
                case "message" -> {
                    in.next();
                    m.addNestedType(message(depth + 1));
                }
                case "enum" -> {
                    in.next();
                    m.addEnumType(enumType());
                }
                case "option" -> {
                    in.next();
                    option(m.getOptionsBuilder());
                }
                case "reserved" -> {
                    in.next();
                    reserved(m);
                }
                case "extensions" -> {
                    in.next();
                    extensions(m);
                }
                case "extend" -> {
                    in.next();
                    extend(m::addExtension, m);
                }
                case "oneof" -> {
                    in.next();
                    int index = m.getOneofDeclCount();
                    OneofDescriptorProto.Builder o = OneofDescriptorProto.newBuilder().setName(in.ident("a oneof name"));
                    in.expect("{");
                    while (!in.peekIs("}")) {
                        if (in.atEnd()) in.fail("'}' closing oneof");
                        if (in.peekIs("option")) {
                            in.next();
                            option(o.getOptionsBuilder());
                            continue;
                        }
                        if (in.peekIs(";")) {
                            in.next();
                            continue;
                        }
                        m.addField(field(m, FieldDescriptorProto.Label.LABEL_OPTIONAL, false).setOneofIndex(index));
                    }
                    in.next();
                    m.addOneofDecl(index, o);
                }
                case ";" -> in.next();
                default -> m.addField(labelledField(m));
            }
        }
        in.next();
        // proto3 'optional' is a synthetic oneof of one field, as protoc writes it; synthetic oneofs come
        // after the real ones (protoc orders them so, protobuf-java checks it)
        for (int i = 0; i < m.getFieldCount(); i++) {
            FieldDescriptorProto.Builder f = m.getFieldBuilder(i);
            if (f.getProto3Optional()) {
                f.setOneofIndex(m.getOneofDeclCount());
                m.addOneofDecl(OneofDescriptorProto.newBuilder().setName(syntheticName(m, f.getName())));
            }
        }
        // protoc's 'max': the largest field number, or for a message set (whose extensions are its items) the largest int
        int max = m.getOptions().getMessageSetWireFormat() ? Integer.MAX_VALUE : MAX_FIELD + 1;
        for (DescriptorProto.ExtensionRange.Builder r : m.getExtensionRangeBuilderList()) if (r.getEnd() == MAX_SENTINEL) r.setEnd(max);
        for (DescriptorProto.ReservedRange.Builder r : m.getReservedRangeBuilderList()) if (r.getEnd() == MAX_SENTINEL) r.setEnd(max);
        if (m.hasOptions() && m.getOptions().equals(MessageOptions.getDefaultInstance())) m.clearOptions();
        return m.build();
    }

    /** protoc's name for proto3 optional's oneof: "_" + the field, with more "_" in front while it is taken. */
    private static String syntheticName(DescriptorProto.Builder m, String field) {
        String n = "_" + field;
        while (true) {
            String c = n;
            boolean taken = m.getOneofDeclList().stream().anyMatch(o -> o.getName().equals(c))
                    || m.getFieldList().stream().anyMatch(x -> x.getName().equals(c));
            if (!taken) return n;
            n = "X" + n;
        }
    }

    private FieldDescriptorProto.Builder labelledField(DescriptorProto.Builder m) throws BrinkUserException {
        String t = in.peek();
        FieldDescriptorProto.Label label = FieldDescriptorProto.Label.LABEL_OPTIONAL;
        boolean explicitOptional = false;
        if (t.equals("optional") || t.equals("required")) {
            if (syntax == Syntax.EDITIONS) {
                in.fail("a field without the label \"" + t + "\" (in editions a field's presence is features.field_presence;"
                        + " protoc refuses the label too)");
            }
            if (t.equals("required")) label = FieldDescriptorProto.Label.LABEL_REQUIRED;
            explicitOptional = t.equals("optional");
            in.next();
        } else if (t.equals("repeated")) {
            label = FieldDescriptorProto.Label.LABEL_REPEATED;
            in.next();
        }
        FieldDescriptorProto.Builder field = field(m, label, true);
        if (explicitOptional && syntax == Syntax.PROTO3) field.setProto3Optional(true);
        return field;
    }

    private FieldDescriptorProto.Builder field(DescriptorProto.Builder owner, FieldDescriptorProto.Label label,
                                               boolean mapAllowed) throws BrinkUserException {
        FieldDescriptorProto.Builder f = FieldDescriptorProto.newBuilder().setLabel(label);
        DescriptorProto.Builder entry = null;
        if (mapAllowed && in.peekIs("map")) {
            in.next();
            in.expect("<");
            String key = in.qualifiedName("a map key type");
            in.expect(",");
            String value = in.qualifiedName("a map value type");
            in.expect(">");
            String name = in.ident("a field name");
            entry = DescriptorProto.newBuilder().setName(entryName(name)).setOptions(MessageOptions.newBuilder().setMapEntry(true));
            entry.addField(typed(FieldDescriptorProto.newBuilder().setName("key").setNumber(1)
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setJsonName("key"), key));
            entry.addField(typed(FieldDescriptorProto.newBuilder().setName("value").setNumber(2)
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setJsonName("value"), value));
            f.setName(name).setLabel(FieldDescriptorProto.Label.LABEL_REPEATED).setTypeName(entry.getName());
        } else {
            String type = in.qualifiedName("a field type");
            if (type.equals("group")) in.fail("a field type (groups are not supported: in editions they are delimited message fields)");
            typed(f, type);
            f.setName(in.ident("a field name"));
        }
        in.expect("=");
        f.setNumber((int) in.integer("a field number", 1, MAX_FIELD));
        if (in.peekIs("[")) fieldOptions(f);
        in.expect(";");
        if (entry != null) {
            // protoc gives a map's key and value the map field's features
            if (f.getOptions().hasFeatures()) {
                for (FieldDescriptorProto.Builder kv : entry.getFieldBuilderList()) {
                    kv.getOptionsBuilder().setFeatures(f.getOptions().getFeatures());
                }
            }
            owner.addNestedType(entry);
        }
        return f;
    }

    /** {@code [default = …, json_name = "…", packed = true, features.… = …]}. */
    private void fieldOptions(FieldDescriptorProto.Builder f) throws BrinkUserException {
        in.expect("[");
        FieldOptions.Builder o = FieldOptions.newBuilder();
        while (true) {
            if (in.peekIs("default")) {
                in.next();
                in.expect("=");
                f.setDefaultValue(defaultValue(f));
            } else if (in.peekIs("json_name")) {
                in.next();
                in.expect("=");
                f.setJsonName(in.string("a JSON name in quotes"));
            } else {
                ProtoOptions.assign(in, o, syntax == Syntax.EDITIONS);
            }
            if (in.peekIs(",")) {
                in.next();
                continue;
            }
            in.expect("]");
            break;
        }
        if (!o.build().equals(FieldOptions.getDefaultInstance())) f.setOptions(o);
    }

    /** A default as protoc writes it: numbers re-printed, bytes C-escaped, text as it is, an enum value by name. */
    private String defaultValue(FieldDescriptorProto.Builder f) throws BrinkUserException {
        String at = in.here();
        String what = f.getName() + "'s default";
        if (!f.hasType()) return in.ident(what + ": an enum value");
        return switch (f.getType()) {
            case TYPE_STRING -> in.string(what + ": a string in quotes");
            case TYPE_BYTES -> ProtoOptions.escape(in.bytes(what + ": a string in quotes"));
            case TYPE_BOOL -> {
                String b = in.ident(what + ": true or false");
                if (!b.equals("true") && !b.equals("false")) throw new BrinkUserException(at + ": " + what + ": expected true or false, got '" + b + "'");
                yield b;
            }
            case TYPE_DOUBLE -> ProtoOptions.dtoa(ProtoOptions.real(in, at, what));
            case TYPE_FLOAT -> ProtoOptions.ftoa((float) ProtoOptions.real(in, at, what));
            default -> {
                boolean unsigned = f.getType().name().contains("UINT") || f.getType().name().contains("_FIXED");
                boolean wide = f.getType().name().endsWith("64");
                long lo = unsigned ? 0 : wide ? Long.MIN_VALUE : Integer.MIN_VALUE;
                long hi = unsigned ? (wide ? Long.MAX_VALUE : 0xFFFFFFFFL) : wide ? Long.MAX_VALUE : Integer.MAX_VALUE;
                if (unsigned && wide && in.peek() != null && in.peek().matches("[0-9]{19,20}")) {
                    yield Long.toUnsignedString(Long.parseUnsignedLong(in.next())); // above Long.MAX_VALUE
                }
                yield Long.toString(in.integer(what + ": an integer", lo, hi));
            }
        };
    }

    private static FieldDescriptorProto.Builder typed(FieldDescriptorProto.Builder f, String type) {
        FieldDescriptorProto.Type scalar = SCALARS.get(type);
        return scalar != null ? f.setType(scalar) : f.setTypeName(type);
    }

    /** protoc's name for a map field's entry message: the field name in CamelCase plus "Entry". */
    private static String entryName(String field) {
        StringBuilder b = new StringBuilder();
        boolean up = true;
        for (char c : field.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.append("Entry").toString();
    }

    /** {@code reserved 2, 15, 9 to 11, 40 to max;} or {@code reserved "foo", bar;}. */
    private void reserved(DescriptorProto.Builder m) throws BrinkUserException {
        if (in.atEnd()) in.fail("a field number or name"); // peek() below is null at the end
        if (in.peekQuoted() || !in.peek().matches("-?[0-9].*")) {
            do {
                m.addReservedName(in.peekQuoted() ? in.string("a field name") : in.ident("a field name"));
            } while (comma());
        } else {
            do {
                int[] r = range(MAX_FIELD);
                m.addReservedRange(DescriptorProto.ReservedRange.newBuilder().setStart(r[0]).setEnd(r[1] + 1));
            } while (comma());
        }
        in.expect(";");
    }

    /** {@code extensions 100 to 199, 500 to max [options];}: each range's end exclusive, as protoc writes it. */
    private void extensions(DescriptorProto.Builder m) throws BrinkUserException {
        int first = m.getExtensionRangeCount();
        do {
            int[] r = range(MAX_FIELD);
            m.addExtensionRange(DescriptorProto.ExtensionRange.newBuilder().setStart(r[0]).setEnd(r[1] + 1));
        } while (comma());
        if (in.peekIs("[")) {
            ExtensionRangeOptions.Builder o = ExtensionRangeOptions.newBuilder();
            bracketed(o);
            for (int i = first; i < m.getExtensionRangeCount(); i++) m.getExtensionRangeBuilder(i).setOptions(o);
        }
        in.expect(";");
    }

    /** A range's end written {@code max}: fixed when its message is read (a message set's extensions go further). */
    private static final int MAX_SENTINEL = -1;

    private int[] range(long max) throws BrinkUserException {
        int start = (int) in.integer("a number", Integer.MIN_VALUE, max);
        int end = start;
        if (in.peekIs("to")) {
            in.next();
            if (in.peekIs("max")) {
                in.next();
                end = max == MAX_FIELD ? MAX_SENTINEL - 1 : (int) max;
            } else {
                end = (int) in.integer("a number or max", Integer.MIN_VALUE, max);
            }
        }
        if (end < start && end != MAX_SENTINEL - 1) in.fail("a range whose end is not before its start");
        return new int[] {start, end};
    }

    /** {@code [name = value, …]} into {@code options}. */
    private void bracketed(Message.Builder options) throws BrinkUserException {
        in.expect("[");
        do {
            ProtoOptions.assign(in, options, syntax == Syntax.EDITIONS);
        } while (comma());
        in.expect("]");
    }

    private boolean comma() throws BrinkUserException {
        if (!in.peekIs(",")) return false;
        in.next();
        return true;
    }

    /** {@code extend Foo { fields }}: fields of another message, numbered in its extension ranges. */
    private void extend(java.util.function.Consumer<FieldDescriptorProto.Builder> add, DescriptorProto.Builder scope) throws BrinkUserException {
        String extendee = in.qualifiedName("the extended message's name");
        in.expect("{");
        DescriptorProto.Builder holder = scope != null ? scope : DescriptorProto.newBuilder(); // where a map entry would go
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing extend " + extendee);
            if (in.peekIs(";")) {
                in.next();
                continue;
            }
            add.accept(labelledField(holder).setExtendee(extendee));
        }
        in.next();
    }

    private EnumDescriptorProto enumType() throws BrinkUserException {
        EnumDescriptorProto.Builder e = EnumDescriptorProto.newBuilder().setName(in.ident("an enum name"));
        in.expect("{");
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing enum " + e.getName());
            String t = in.peek();
            if (t.equals("option")) {
                in.next();
                option(e.getOptionsBuilder());
            } else if (t.equals("reserved")) {
                in.next();
                if (in.atEnd()) in.fail("a value number or name"); // peek() below is null at the end
                if (in.peekQuoted() || !in.peek().matches("-?[0-9].*")) {
                    do {
                        e.addReservedName(in.peekQuoted() ? in.string("a value name") : in.ident("a value name"));
                    } while (comma());
                } else {
                    do {
                        int[] r = range(Integer.MAX_VALUE);
                        e.addReservedRange(EnumDescriptorProto.EnumReservedRange.newBuilder().setStart(r[0]).setEnd(r[1]));
                    } while (comma());
                }
                in.expect(";");
            } else if (t.equals(";")) {
                in.next();
            } else {
                EnumValueDescriptorProto.Builder v = EnumValueDescriptorProto.newBuilder().setName(in.ident("an enum value name"));
                in.expect("=");
                v.setNumber((int) in.integer("an enum value number", Integer.MIN_VALUE, Integer.MAX_VALUE));
                if (in.peekIs("[")) {
                    EnumValueOptions.Builder o = EnumValueOptions.newBuilder();
                    bracketed(o);
                    if (!o.build().equals(EnumValueOptions.getDefaultInstance())) v.setOptions(o);
                }
                in.expect(";");
                e.addValue(v);
            }
        }
        in.next();
        if (e.getValueCount() == 0) in.fail("at least one value in enum " + e.getName());
        if (e.hasOptions() && e.getOptions().equals(EnumOptions.getDefaultInstance())) e.clearOptions();
        return e.build();
    }

    private ServiceDescriptorProto service() throws BrinkUserException {
        ServiceDescriptorProto.Builder s = ServiceDescriptorProto.newBuilder().setName(in.ident("a service name"));
        in.expect("{");
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing service " + s.getName());
            String t = in.ident("rpc or option");
            if (t.equals("option")) {
                option(s.getOptionsBuilder());
                continue;
            }
            if (t.equals(";")) continue;
            if (!t.equals("rpc")) in.failAt("rpc or option", t);
            MethodDescriptorProto.Builder m = MethodDescriptorProto.newBuilder().setName(in.ident("a method name"));
            in.expect("(");
            if (in.peekIs("stream")) {
                in.next();
                m.setClientStreaming(true);
            }
            m.setInputType(in.qualifiedName("a request message type"));
            in.expect(")");
            in.expectWord("returns");
            in.expect("(");
            if (in.peekIs("stream")) {
                in.next();
                m.setServerStreaming(true);
            }
            m.setOutputType(in.qualifiedName("a response message type"));
            in.expect(")");
            if (in.peekIs("{")) {
                in.next();
                m.getOptionsBuilder(); // protoc writes a method with a body as having options, even none
                while (!in.peekIs("}")) {
                    if (in.atEnd()) in.fail("'}' closing rpc " + m.getName());
                    if (in.peekIs(";")) {
                        in.next();
                        continue;
                    }
                    in.expectWord("option");
                    option(m.getOptionsBuilder());
                }
                in.next();
            } else {
                in.expect(";");
            }
            s.addMethod(m);
        }
        in.next();
        if (s.hasOptions() && s.getOptions().equals(ServiceOptions.getDefaultInstance())) s.clearOptions();
        return s.build();
    }

    /** Every field's JSON name, as protoc writes them into a descriptor set: lowerCamel of the name unless one was given. */
    private static void jsonNames(FileDescriptorProto.Builder f) {
        for (FieldDescriptorProto.Builder x : f.getExtensionBuilderList()) json(x);
        for (DescriptorProto.Builder m : f.getMessageTypeBuilderList()) jsonNames(m);
    }

    private static void jsonNames(DescriptorProto.Builder m) {
        for (FieldDescriptorProto.Builder x : m.getFieldBuilderList()) json(x);
        for (FieldDescriptorProto.Builder x : m.getExtensionBuilderList()) json(x);
        for (DescriptorProto.Builder n : m.getNestedTypeBuilderList()) jsonNames(n);
        for (OneofDescriptorProto.Builder o : m.getOneofDeclBuilderList()) {
            if (o.hasOptions() && o.getOptions().equals(OneofOptions.getDefaultInstance())) o.clearOptions();
        }
    }

    private static void json(FieldDescriptorProto.Builder x) {
        if (x.hasJsonName()) return;
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : x.getName().toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        x.setJsonName(b.toString());
    }
}
