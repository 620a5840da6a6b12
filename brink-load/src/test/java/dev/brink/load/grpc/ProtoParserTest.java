package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.AnyProto;
import com.google.protobuf.ApiProto;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.FieldMaskProto;
import com.google.protobuf.SourceContextProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.TypeProto;
import com.google.protobuf.WrappersProto;
import dev.brink.core.BrinkUserException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProtoParserTest {
    /** protoc's own descriptors of the well-known types, compiled into protobuf-java, and their .proto sources in its jar. */
    private static final List<Descriptors.FileDescriptor> WELL_KNOWN = List.of(AnyProto.getDescriptor(), ApiProto.getDescriptor(),
            DescriptorProtos.getDescriptor(), DurationProto.getDescriptor(), EmptyProto.getDescriptor(),
            FieldMaskProto.getDescriptor(), SourceContextProto.getDescriptor(), StructProto.getDescriptor(),
            TimestampProto.getDescriptor(), TypeProto.getDescriptor(), WrappersProto.getDescriptor());

    @Test
    void producesWhatProtocProducedForEveryWellKnownProto() throws Exception {
        Map<String, Descriptors.FileDescriptor> byName = WELL_KNOWN.stream()
                .collect(Collectors.toMap(Descriptors.FileDescriptor::getName, Function.identity()));
        for (Descriptors.FileDescriptor protoc : WELL_KNOWN) {
            String text;
            try (InputStream in = DescriptorProtos.class.getClassLoader().getResourceAsStream(protoc.getName())) {
                assertThat(in).as(protoc.getName()).isNotNull();
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            DescriptorProtos.FileDescriptorProto mine = ProtoParser.parse(text, protoc.getName(), protoc.getName());
            Descriptors.FileDescriptor[] deps = mine.getDependencyList().stream().map(byName::get)
                    .toArray(Descriptors.FileDescriptor[]::new);
            Descriptors.FileDescriptor built = Descriptors.FileDescriptor.buildFrom(mine, deps);
            assertThat(shape(built)).as(protoc.getName()).isEqualTo(shape(protoc));
        }
    }

    /** Everything that decides the wire format and the JSON names, in a stable order. */
    private static Map<String, String> shape(Descriptors.FileDescriptor f) {
        Map<String, String> m = new TreeMap<>();
        m.put("package", f.getPackage());
        m.put("deps", f.getDependencies().stream().map(Descriptors.FileDescriptor::getName).sorted().toList().toString());
        for (Descriptors.Descriptor d : f.getMessageTypes()) shape(d, m);
        for (Descriptors.EnumDescriptor e : f.getEnumTypes()) shape(e, m);
        for (Descriptors.ServiceDescriptor s : f.getServices()) {
            for (Descriptors.MethodDescriptor x : s.getMethods()) {
                m.put(x.getFullName(), x.getInputType().getFullName() + " " + x.getOutputType().getFullName() + " "
                        + x.isClientStreaming() + x.isServerStreaming());
            }
        }
        return m;
    }

    private static void shape(Descriptors.Descriptor d, Map<String, String> m) {
        m.put(d.getFullName(), "oneofs " + d.getOneofs().stream().map(o -> o.getName() + o.isSynthetic()).toList()
                + " map " + d.getOptions().getMapEntry());
        for (Descriptors.FieldDescriptor x : d.getFields()) {
            m.put(x.getFullName(), x.getNumber() + " " + x.getType() + " " + x.isRepeated() + " " + x.getJsonName() + " "
                    + (x.getType() == Descriptors.FieldDescriptor.Type.MESSAGE ? x.getMessageType().getFullName()
                    : x.getType() == Descriptors.FieldDescriptor.Type.ENUM ? x.getEnumType().getFullName() : "")
                    + " " + (x.getContainingOneof() == null ? "" : x.getContainingOneof().getName()));
        }
        for (Descriptors.Descriptor n : d.getNestedTypes()) shape(n, m);
        for (Descriptors.EnumDescriptor e : d.getEnumTypes()) shape(e, m);
    }

    private static void shape(Descriptors.EnumDescriptor e, Map<String, String> m) {
        m.put(e.getFullName(), e.getValues().stream().map(v -> v.getName() + "=" + v.getNumber()).toList().toString());
    }

    @Test
    void readsTheTestServiceWithImportsMapsOneofsAndStreams() throws Exception {
        GrpcSchema schema = GrpcSchema.fromProto(GrpcTestServer.PROTO, List.of());
        Descriptors.MethodDescriptor watch = schema.method(GrpcTestServer.WATCH);
        assertThat(watch.isServerStreaming()).isTrue();
        Descriptors.Descriptor req = schema.method(GrpcTestServer.RESERVE).getInputType();
        assertThat(req.findFieldByName("labels").isMapField()).isTrue();
        assertThat(req.findFieldByName("price").getMessageType().getFullName()).isEqualTo("shop.common.Money");
        assertThat(req.findFieldByName("warehouse_id").getContainingOneof().getName()).isEqualTo("by");
        assertThat(req.findFieldByName("note").hasPresence()).isTrue();
        assertThat(req.findFieldByName("lines").getMessageType().getFullName()).isEqualTo("shop.inventory.v1.ReserveRequest.Line");
        assertThatThrownBy(() -> GrpcSchema.fromProto(GrpcTestServer.PROTO, List.of()).method("shop.inventory.v1.Nope/X"))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("unknown service shop.inventory.v1.Nope")
                .hasMessageContaining("shop.inventory.v1.Inventory");
    }

    /** Found by a long fuzz campaign: {@code reserved} as the file's last word read past the end (a NullPointerException). */
    @Test
    void reservedAtTheEndOfTheFileSaysWhatWasExpected() {
        assertThatThrownBy(() -> ProtoParser.parse("syntax = \"proto3\";\nmessage M {\n  reserved", "r.proto", "r.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("r.proto:3:11: expected a field number or name, found the end of the file");
        assertThatThrownBy(() -> ProtoParser.parse("syntax = \"proto3\";\nenum E {\n  reserved", "r.proto", "r.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("r.proto:3:11: expected a value number or name, found the end of the file");
    }

    /** Found by a long fuzz campaign: a long unexpected word was quoted whole, a message of thousands of characters. */
    @Test
    void aLongUnexpectedWordIsQuotedShort() {
        String word = "messa".repeat(2000);
        assertThatThrownBy(() -> ProtoParser.parse(word + " M {}", "w.proto", "w.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("w.proto:1:1: expected package, import, option, message, enum, service or extend, found '"
                        + word.substring(0, 40) + "…'");
        assertThatThrownBy(() -> ProtoParser.parse("service S { " + word + " }", "w.proto", "w.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("w.proto:1:13: expected rpc or option, found '" + word.substring(0, 40) + "…'");
    }

    /**
     * Found by a long fuzz campaign over a protoc-written protoset with bytes flipped: descriptors that decode but
     * that protoc never writes (a field with no type, a oneof index past the message's oneofs, a name with a line
     * feed) escaped from protobuf-java and from the Editions lowering as exceptions, or as a message of two lines.
     */
    @Test
    void aProtosetWithMalformedDescriptorsIsOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        DescriptorProtos.FileDescriptorProto.Builder file = DescriptorProtos.FileDescriptorProto.newBuilder()
                .setName("m.proto").setPackage("p").setSyntax("proto3");
        DescriptorProtos.FieldDescriptorProto.Builder field = DescriptorProtos.FieldDescriptorProto.newBuilder()
                .setName("f").setNumber(1).setLabel(DescriptorProtos.FieldDescriptorProto.Label.LABEL_OPTIONAL);
        java.nio.file.Path set = tmp.resolve("m.protoset");

        file.clearMessageType().addMessageType(DescriptorProtos.DescriptorProto.newBuilder().setName("M").addField(field.clone()));
        Files.write(set, DescriptorProtos.FileDescriptorSet.newBuilder().addFile(file).build().toByteArray());
        assertThatThrownBy(() -> GrpcSchema.fromProtoset(set)).isInstanceOf(BrinkUserException.class)
                .hasMessage(set + ": m.proto: field p.M.f: expected a type or a type name, found neither");

        field.setType(DescriptorProtos.FieldDescriptorProto.Type.TYPE_INT32).setOneofIndex(3);
        for (String syntax : List.of("proto3", "editions")) {
            file.setSyntax(syntax).clearMessageType().addMessageType(DescriptorProtos.DescriptorProto.newBuilder().setName("M")
                    .addField(field.clone()).addOneofDecl(DescriptorProtos.OneofDescriptorProto.newBuilder().setName("o")));
            if (syntax.equals("editions")) file.setEdition(DescriptorProtos.Edition.EDITION_2023);
            Files.write(set, DescriptorProtos.FileDescriptorSet.newBuilder().addFile(file).build().toByteArray());
            assertThatThrownBy(() -> GrpcSchema.fromProtoset(set)).as(syntax).isInstanceOf(BrinkUserException.class)
                    .hasMessage(set + ": m.proto: field p.M.f: expected a oneof index below 1 (the message's oneofs), found 3");
        }

        file.setSyntax("proto3").clearEdition().clearMessageType().addMessageType(DescriptorProtos.DescriptorProto.newBuilder()
                .setName("M").addField(field.clone().clearOneofIndex().setName("f\nx")));
        Files.write(set, DescriptorProtos.FileDescriptorSet.newBuilder().addFile(file).build().toByteArray());
        assertThatThrownBy(() -> GrpcSchema.fromProtoset(set)).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(set + ": m.proto: ").hasMessageNotContaining("\n");
    }

    /**
     * Found by a long fuzz campaign: a string's escapes can put a line feed into a name the messages quote (a
     * string where a name was expected, an import, a protoset's dependency), which made a message of two lines.
     */
    @Test
    void namesAndStringsAreQuotedWithTheirControlCharactersEscaped(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        assertThatThrownBy(() -> ProtoParser.parse("syntax = \"proto3\";\nmessage \"a\\nb\" {}", "q.proto", "q.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("q.proto:2:9: expected a message name, found \"a\\nb\"");
        java.nio.file.Path proto = Files.writeString(tmp.resolve("i.proto"), "syntax = \"proto3\";\nimport \"x\\ny.proto\";\n");
        assertThatThrownBy(() -> GrpcSchema.fromProto(proto, List.of())).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(proto + ": import \"x\\ny.proto\" not found");
        java.nio.file.Path set = tmp.resolve("d.protoset");
        Files.write(set, DescriptorProtos.FileDescriptorSet.newBuilder().addFile(DescriptorProtos.FileDescriptorProto.newBuilder()
                .setName("d.proto").addDependency("google/protobuf/wr\nppers.proto")).build().toByteArray());
        assertThatThrownBy(() -> GrpcSchema.fromProtoset(set)).isInstanceOf(BrinkUserException.class)
                .hasMessage(set + ": file google/protobuf/wr\\nppers.proto is imported but missing");
    }

    /**
     * Bounded fuzz: mutated .proto text (bytes flipped, cut, duplicated, tokens spliced in) must parse or fail
     * with one line naming file:line:column; building the descriptors must fail the same way, never with a
     * stack trace. Seeded, so a failure reproduces.
     */
    @Test
    void fuzzedProtoTextFailsWithOneLineOrParses() throws Exception {
        String seed = Files.readString(GrpcTestServer.PROTO).replace("import \"common.proto\";", "")
                .replace("shop.common.Money price = 3;", "google.protobuf.Timestamp price = 3;");
        String[] splices = {"{", "}", ";", "=", "message", "rpc", "stream", "map<", ">", "\"", "/*", "//", "option", "(", ")",
                "[", "]", "0x1F", "-1", "9999999999", ".", "oneof", "enum", "optional", "repeated", "\n", "reserved"};
        SplittableRandom random = new SplittableRandom(18);
        long end = System.nanoTime() + 3_000_000_000L;
        int parsed = 0;
        int rejected = 0;
        while (System.nanoTime() < end) {
            StringBuilder b = new StringBuilder(seed);
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(4)) {
                    case 0 -> b.setCharAt(at, (char) (32 + random.nextInt(95)));
                    case 1 -> b.delete(at, Math.min(b.length(), at + 1 + random.nextInt(20)));
                    case 2 -> b.insert(at, splices[random.nextInt(splices.length)]);
                    default -> b.insert(at, b.substring(at, Math.min(b.length(), at + random.nextInt(40))));
                }
            }
            try {
                DescriptorProtos.FileDescriptorProto f = ProtoParser.parse(b.toString(), "fuzz.proto", "fuzz.proto");
                GrpcSchema.fromFiles("fuzz.proto", List.of(f));
                parsed++;
            } catch (BrinkUserException e) {
                assertThat(e.getMessage()).as(b.toString()).startsWith("fuzz.proto").doesNotContain("\n");
                rejected++;
            }
        }
        assertThat(parsed).isPositive();
        assertThat(rejected).isPositive();
    }
}
