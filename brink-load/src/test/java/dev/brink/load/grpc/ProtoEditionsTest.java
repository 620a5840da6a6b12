package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.util.JsonFormat;
import dev.brink.core.BrinkUserException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Protobuf Editions read in-process as protoc reads them. The oracle is protoc itself: {@code protoc-25.8.protoset}
 * beside the .proto files was written by protoc 25.8 (the version of Brink's protobuf-java, from Maven Central's
 * com.google.protobuf:protoc) with the command in the NOTICE there, and every file's descriptor Brink parses must equal
 * protoc's, field for field. The files are public ones (grpc-go's route guide, protobuf's own Editions test messages)
 * and one of this test's own for what they do not use.
 */
class ProtoEditionsTest {
    static final Path DIR = Path.of("src/test/resources/grpc/editions");
    static final List<String> FILES = List.of("route_guide.proto", "test_messages_proto3.proto", "test_messages_proto2.proto",
            "unittest_preserve_unknown_enum.proto", "features.proto");

    @TempDir
    Path tmp;

    @Test
    void descriptorsAreProtocsFieldForField() throws Exception {
        DescriptorProtos.FileDescriptorSet protoc = DescriptorProtos.FileDescriptorSet.parseFrom(Files.readAllBytes(DIR.resolve("protoc-25.8.protoset")));
        assertThat(protoc.getFileList()).extracting(DescriptorProtos.FileDescriptorProto::getName).containsExactlyElementsOf(FILES);
        for (DescriptorProtos.FileDescriptorProto expected : protoc.getFileList()) {
            Map<String, DescriptorProtos.FileDescriptorProto> mine = GrpcSchema.parse(DIR.resolve(expected.getName()), List.of());
            // a difference shows as text, which names the field that differs
            assertThat(mine.get(expected.getName()).toString()).as(expected.getName()).isEqualTo(expected.toString());
            assertThat(mine.get(expected.getName())).isEqualTo(expected);
        }
    }

    /** When protoc 25.8 is in the local Maven repository (the build's own protobuf plugin fetches it), it writes the oracle again. */
    @Test
    void theCommittedDescriptorsAreWhatProtocWrites() throws Exception {
        Path protoc = Path.of(System.getProperty("user.home"), ".m2/repository/com/google/protobuf/protoc/3.25.8/protoc-3.25.8-linux-x86_64.exe");
        assumeTrue(Files.isRegularFile(protoc) && System.getProperty("os.name").startsWith("Linux"), "protoc 25.8 not in ~/.m2: skipped");
        Path exe = tmp.resolve("protoc");
        Files.copy(protoc, exe);
        exe.toFile().setExecutable(true);
        Path include = tmp.resolve("include/google/protobuf");
        Files.createDirectories(include);
        for (String wkt : List.of("any", "duration", "field_mask", "struct", "timestamp", "wrappers", "descriptor")) {
            try (var in = DescriptorProtos.class.getClassLoader().getResourceAsStream("google/protobuf/" + wkt + ".proto")) {
                Files.write(include.resolve(wkt + ".proto"), in.readAllBytes());
            }
        }
        Path out = tmp.resolve("set.protoset");
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "--experimental_editions", "-I" + tmp.resolve("include"),
                "-I" + DIR.toAbsolutePath(), "--descriptor_set_out=" + out));
        cmd.addAll(FILES);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("protoc.log").toFile()).start();
        assertThat(p.waitFor()).as(Files.readString(tmp.resolve("protoc.log"))).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(DIR.resolve("protoc-25.8.protoset")));
    }

    /**
     * Field presence by the features: in route_guide (file-wide IMPLICIT) a zero is not sent; in features.proto
     * (2023's default EXPLICIT for {@code d}) a set default is sent; a delimited field is a group on the wire, a
     * legacy-required one required. What protobuf-java 3.25 would get wrong reading the Editions descriptors as they are.
     */
    @Test
    void presenceAndEncodingFollowTheFeatures() throws Exception {
        GrpcSchema route = GrpcSchema.fromProto(DIR.resolve("route_guide.proto"), List.of());
        Descriptors.Descriptor point = route.method("routeguide.RouteGuide/GetFeature").getInputType();
        assertThat(hex(point, "{\"latitude\": 0, \"longitude\": 7}")).isEqualTo("1007");
        assertThat(point.getFile().getSyntax().name()).isEqualTo("PROTO3");

        GrpcSchema features = GrpcSchema.fromProto(DIR.resolve("features.proto"), List.of());
        Descriptors.Descriptor outer = features.method("brink.editions.features.S/M").getInputType();
        assertThat(hex(outer, "{\"d\": 0, \"a\": 0}")).as("d has explicit presence, a is in a oneof").isEqualTo("2100000000000000006000");
        // a closed enum, extensions and defaults need proto2, where the file's IMPLICIT fields have presence too
        assertThat(outer.getFile().getSyntax().name()).isEqualTo("PROTO2");
        assertThat(outer.findFieldByName("mode").getEnumType().isClosed()).isTrue();

        // protobuf's Editions form of its proto2 test messages: closed enums, expanded repeated fields, groups, required
        DescriptorProtos.FileDescriptorProto lowered = EditionsLowering.lower(GrpcSchema.parse(DIR.resolve("test_messages_proto2.proto"),
                List.of()), List.of()).get("test_messages_proto2.proto");
        Descriptors.FileDescriptor fd = Descriptors.FileDescriptor.buildFrom(lowered, new Descriptors.FileDescriptor[0]);
        Descriptors.Descriptor all = fd.findMessageTypeByName("TestAllTypesProto2");
        assertThat(fd.getSyntax().name()).isEqualTo("PROTO2");
        assertThat(all.findFieldByName("data").getType()).isEqualTo(Descriptors.FieldDescriptor.Type.GROUP);
        assertThat(all.findFieldByName("optional_int32").hasPresence()).isTrue();
        assertThat(all.findFieldByName("repeated_int32").isPacked()).isFalse();
        assertThat(all.findFieldByName("packed_int32").isPacked()).isTrue();
        assertThat(fd.findMessageTypeByName("TestAllRequiredTypesProto2").getFields()).anyMatch(Descriptors.FieldDescriptor::isRequired);
    }

    private static String hex(Descriptors.Descriptor type, String json) throws Exception {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        JsonFormat.parser().merge(json, b);
        return HexFormat.of().formatHex(b.build().toByteArray());
    }

    @Test
    void aLanguagesFeaturesAndCustomOptionsAreReadAndLeftOut() throws Exception {
        DescriptorProtos.FileDescriptorProto f = ProtoParser.parse("edition = \"2023\";\nimport \"google/protobuf/cpp_features.proto\";\n"
                + "option features.(pb.cpp).legacy_closed_enum = true;\noption (my.opt) = { a: 1 };\n"
                + "message M { int32 a = 1 [features.(pb.java).legacy_closed_enum = true, deprecated = true]; }\n", "x.proto", "x.proto");
        assertThat(f.getOptions().hasFeatures()).isFalse();
        assertThat(f.getMessageType(0).getField(0).getOptions().getDeprecated()).isTrue();
    }

    @Test
    void whatProtocRefusesIsOneLineNamingWhere() throws Exception {
        assertThatThrownBy(() -> ProtoParser.parse("edition = \"2024\";\nmessage M {}\n", "x.proto", "x.proto"))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("x.proto:1:11: expected edition \"2023\"");
        assertThatThrownBy(() -> ProtoParser.parse("edition = \"2023\";\noption features.foo = 1;\n", "x.proto", "x.proto"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("x.proto:2:8: unknown option \"features.foo\" (FeatureSet has no field foo; protoc refuses it too)");
        assertThatThrownBy(() -> ProtoParser.parse("edition = \"2023\";\nmessage M { int32 a = 1 [features.field_presence = SOMETIMES]; }\n",
                "x.proto", "x.proto")).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("x.proto:2:26: option \"features.field_presence\": expected a value of FieldPresence, got 'SOMETIMES'");
        assertThatThrownBy(() -> ProtoParser.parse("edition = \"2023\";\nmessage M { optional int32 a = 1; }\n", "x.proto", "x.proto"))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("x.proto:2:13: expected a field without the label \"optional\"");
        assertThatThrownBy(() -> ProtoParser.parse("syntax = \"proto3\";\noption features.field_presence = IMPLICIT;\n", "x.proto", "x.proto"))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("features are only valid in an edition");
    }
}
