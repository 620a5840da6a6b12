package dev.brink.load.grpc;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import dev.brink.core.BrinkUserException;
import java.util.Map;

/**
 * A proto2/proto3 parser that turns .proto text into the {@link FileDescriptorProto} protoc would produce
 * for it, so Brink needs no protoc: package, imports, messages (nested, oneof, map, proto3 optional,
 * reserved), enums, services with unary and streaming rpcs. Options are read and skipped (they do not change
 * the wire format of the fields Brink sends). Type names are left as written: protobuf-java resolves
 * relative names by scope when the descriptors are built, as protoc does.
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

    private final ProtoLexer in;
    private boolean proto3;

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
            String syntax = in.string("\"proto2\" or \"proto3\"");
            if (!syntax.equals("proto2") && !syntax.equals("proto3")) in.fail("\"proto2\" or \"proto3\"");
            proto3 = syntax.equals("proto3");
            in.expect(";");
            if (proto3) f.setSyntax("proto3");
        }
        while (!in.atEnd()) {
            String kw = in.ident("package, import, option, message, enum, service or extend");
            switch (kw) {
                case "package" -> {
                    f.setPackage(in.qualifiedName("a package name"));
                    in.expect(";");
                }
                case "import" -> {
                    if (in.peekIs("public") || in.peekIs("weak")) in.next();
                    f.addDependency(in.string("an import file name in quotes"));
                    in.expect(";");
                }
                case "option" -> option();
                case "message" -> f.addMessageType(message(0));
                case "enum" -> f.addEnumType(enumType());
                case "service" -> f.addService(service());
                case "extend" -> skipBlockAfterName();
                case ";" -> { }
                default -> in.failAt("package, import, option, message, enum, service or extend", kw);
            }
        }
        return f.build();
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
                    option();
                }
                case "reserved", "extensions" -> skipStatement();
                case "extend" -> {
                    in.next();
                    skipBlockAfterName();
                }
                case "oneof" -> {
                    in.next();
                    int index = m.getOneofDeclCount();
                    m.addOneofDecl(OneofDescriptorProto.newBuilder().setName(in.ident("a oneof name")));
                    in.expect("{");
                    while (!in.peekIs("}")) {
                        if (in.atEnd()) in.fail("'}' closing oneof");
                        if (in.peekIs("option")) {
                            in.next();
                            option();
                            continue;
                        }
                        m.addField(field(m, FieldDescriptorProto.Label.LABEL_OPTIONAL, false).setOneofIndex(index));
                    }
                    in.next();
                }
                case ";" -> in.next();
                default -> {
                    FieldDescriptorProto.Label label = FieldDescriptorProto.Label.LABEL_OPTIONAL;
                    boolean explicitOptional = false;
                    if (t.equals("repeated")) label = FieldDescriptorProto.Label.LABEL_REPEATED;
                    else if (t.equals("required")) label = FieldDescriptorProto.Label.LABEL_REQUIRED;
                    else if (t.equals("optional")) explicitOptional = true;
                    if (label != FieldDescriptorProto.Label.LABEL_OPTIONAL || explicitOptional) in.next();
                    FieldDescriptorProto.Builder field = field(m, label, true);
                    if (explicitOptional && proto3) field.setProto3Optional(true);
                    m.addField(field);
                }
            }
        }
        in.next();
        // proto3 'optional' is a synthetic oneof of one field, as protoc writes it; synthetic oneofs come
        // after the real ones (protoc orders them so, protobuf-java checks it)
        for (int i = 0; i < m.getFieldCount(); i++) {
            FieldDescriptorProto.Builder f = m.getFieldBuilder(i);
            if (f.getProto3Optional()) {
                f.setOneofIndex(m.getOneofDeclCount());
                m.addOneofDecl(OneofDescriptorProto.newBuilder().setName("_" + f.getName()));
            }
        }
        return m.build();
    }

    private FieldDescriptorProto.Builder field(DescriptorProto.Builder owner, FieldDescriptorProto.Label label,
                                               boolean mapAllowed) throws BrinkUserException {
        FieldDescriptorProto.Builder f = FieldDescriptorProto.newBuilder().setLabel(label);
        if (mapAllowed && in.peekIs("map")) {
            in.next();
            in.expect("<");
            String key = in.qualifiedName("a map key type");
            in.expect(",");
            String value = in.qualifiedName("a map value type");
            in.expect(">");
            String name = in.ident("a field name");
            String entry = entryName(name);
            DescriptorProto.Builder e = DescriptorProto.newBuilder().setName(entry)
                    .setOptions(MessageOptions.newBuilder().setMapEntry(true));
            e.addField(typed(FieldDescriptorProto.newBuilder().setName("key").setNumber(1)
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setJsonName("key"), key));
            e.addField(typed(FieldDescriptorProto.newBuilder().setName("value").setNumber(2)
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setJsonName("value"), value));
            owner.addNestedType(e);
            f.setName(name).setLabel(FieldDescriptorProto.Label.LABEL_REPEATED).setTypeName(entry);
        } else {
            String type = in.qualifiedName("a field type");
            if (type.equals("group")) in.fail("a field type (proto2 groups are not supported)");
            typed(f, type);
            f.setName(in.ident("a field name"));
        }
        in.expect("=");
        f.setNumber((int) in.integer("a field number", 1, 536_870_911));
        if (in.peekIs("[")) skipBracketed();
        in.expect(";");
        return f;
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

    private EnumDescriptorProto enumType() throws BrinkUserException {
        EnumDescriptorProto.Builder e = EnumDescriptorProto.newBuilder().setName(in.ident("an enum name"));
        in.expect("{");
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing enum " + e.getName());
            String t = in.peek();
            if (t.equals("option")) {
                in.next();
                option();
            } else if (t.equals("reserved")) {
                skipStatement();
            } else if (t.equals(";")) {
                in.next();
            } else {
                String name = in.ident("an enum value name");
                in.expect("=");
                int number = (int) in.integer("an enum value number", Integer.MIN_VALUE, Integer.MAX_VALUE);
                if (in.peekIs("[")) skipBracketed();
                in.expect(";");
                e.addValue(EnumValueDescriptorProto.newBuilder().setName(name).setNumber(number));
            }
        }
        in.next();
        if (e.getValueCount() == 0) in.fail("at least one value in enum " + e.getName());
        return e.build();
    }

    private ServiceDescriptorProto service() throws BrinkUserException {
        ServiceDescriptorProto.Builder s = ServiceDescriptorProto.newBuilder().setName(in.ident("a service name"));
        in.expect("{");
        while (!in.peekIs("}")) {
            if (in.atEnd()) in.fail("'}' closing service " + s.getName());
            String t = in.ident("rpc or option");
            if (t.equals("option")) {
                option();
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
                while (!in.peekIs("}")) {
                    if (in.atEnd()) in.fail("'}' closing rpc " + m.getName());
                    if (in.peekIs(";")) {
                        in.next();
                        continue;
                    }
                    in.expectWord("option");
                    option();
                }
                in.next();
            } else {
                in.expect(";");
            }
            s.addMethod(m);
        }
        in.next();
        return s.build();
    }

    /** {@code option name = constant;} or {@code option (ext).x = { aggregate };}: read and dropped. */
    private void option() throws BrinkUserException {
        if (in.peekIs("(")) {
            in.next();
            in.qualifiedName("an option extension name");
            in.expect(")");
            while (in.peekIs(".")) {
                in.next();
                in.ident("an option field name");
            }
            if (in.peek() != null && in.peek().startsWith(".")) in.next();
        } else {
            in.qualifiedName("an option name");
        }
        in.expect("=");
        if (in.peekIs("{")) skipBalanced("{", "}");
        else in.constant("an option value");
        in.expect(";");
    }

    private void skipStatement() throws BrinkUserException {
        while (!in.peekIs(";")) {
            if (in.atEnd()) in.fail("';'");
            in.next();
        }
        in.next();
    }

    private void skipBracketed() throws BrinkUserException {
        skipBalanced("[", "]");
    }

    private void skipBlockAfterName() throws BrinkUserException {
        in.qualifiedName("a type name");
        skipBalanced("{", "}");
    }

    private void skipBalanced(String open, String close) throws BrinkUserException {
        in.expect(open);
        int depth = 1;
        while (depth > 0) {
            if (in.atEnd()) in.fail("'" + close + "'");
            String t = in.next();
            if (t.equals(open)) depth++;
            else if (t.equals(close)) depth--;
        }
    }
}
