package dev.brink.load.grpc;

import com.google.protobuf.AnyProto;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.FieldMaskProto;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.WrappersProto;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.UserText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The services a gRPC target offers, as protobuf descriptors, from one of three sources: a .proto file
 * ({@link ProtoParser}, no protoc needed), a protoset, or the server's reflection service
 * ({@link GrpcReflection}). Immutable once built.
 */
final class GrpcSchema {
    /** Files every protoc knows without an import path; a .proto may import them, a server may omit them. */
    private static final Map<String, Descriptors.FileDescriptor> WELL_KNOWN = new HashMap<>();

    static {
        for (Descriptors.FileDescriptor f : List.of(AnyProto.getDescriptor(), DurationProto.getDescriptor(),
                EmptyProto.getDescriptor(), FieldMaskProto.getDescriptor(), StructProto.getDescriptor(),
                TimestampProto.getDescriptor(), WrappersProto.getDescriptor(),
                DescriptorProtos.getDescriptor())) {
            WELL_KNOWN.put(f.getName(), f);
        }
    }

    private final Map<String, Descriptors.ServiceDescriptor> services = new LinkedHashMap<>();
    private final String source;

    private GrpcSchema(String source, List<Descriptors.FileDescriptor> files) {
        this.source = source;
        for (Descriptors.FileDescriptor f : files) {
            for (Descriptors.ServiceDescriptor s : f.getServices()) services.put(s.getFullName(), s);
        }
    }

    /** The files that define {@code methods}' services (what the warm-up is lent), named {@code source}. */
    static GrpcSchema of(String source, List<Descriptors.MethodDescriptor> methods) {
        List<Descriptors.FileDescriptor> files = new ArrayList<>();
        for (Descriptors.MethodDescriptor m : methods) if (!files.contains(m.getFile())) files.add(m.getFile());
        return new GrpcSchema(source, files);
    }

    /** Parses {@code proto} and what it imports (searched in {@code importPaths}, then beside it). */
    static GrpcSchema fromProto(Path proto, List<Path> importPaths) throws BrinkUserException {
        Map<String, DescriptorProtos.FileDescriptorProto> parsed = parse(proto, importPaths);
        return new GrpcSchema(proto.toString(), build(parsed, List.of(proto.getFileName().toString()), proto.toString()));
    }

    /**
     * {@code proto} and what it imports as protoc describes them ({@code protoc --descriptor_set_out}): parsed, every
     * type name resolved across the files; the well-known types are not among them (protobuf-java has them).
     */
    static Map<String, DescriptorProtos.FileDescriptorProto> parse(Path proto, List<Path> importPaths) throws BrinkUserException {
        List<Path> paths = new ArrayList<>(importPaths);
        Path dir = proto.toAbsolutePath().getParent();
        if (dir != null) paths.add(dir);
        Map<String, DescriptorProtos.FileDescriptorProto> parsed = new LinkedHashMap<>();
        parseWithImports(proto.getFileName().toString(), proto, paths, parsed);
        List<DescriptorProtos.FileDescriptorProto> known = new ArrayList<>();
        for (Descriptors.FileDescriptor f : WELL_KNOWN.values()) known.add(f.toProto());
        try {
            return ProtoResolver.resolve(parsed, known);
        } catch (BrinkUserException e) {
            throw new BrinkUserException(proto + ": " + e.getMessage());
        }
    }

    private static void parseWithImports(String name, Path file, List<Path> paths,
                                         Map<String, DescriptorProtos.FileDescriptorProto> out) throws BrinkUserException {
        if (out.containsKey(name) || WELL_KNOWN.containsKey(name)) return;
        String text = InputFiles.readUtf8(file, InputKind.PROTO);
        DescriptorProtos.FileDescriptorProto fdp = ProtoParser.parse(text, name, file.toString());
        out.put(name, fdp);
        for (String dep : fdp.getDependencyList()) {
            if (WELL_KNOWN.containsKey(dep) || out.containsKey(dep)) continue;
            Path found = null;
            for (Path p : paths) {
                Path c = p.resolve(dep);
                if (Files.isRegularFile(c)) {
                    found = c;
                    break;
                }
            }
            if (found == null) {
                throw new BrinkUserException(file + ": import \"" + UserText.cut(dep, 200) + "\" not found (expected it under one of "
                        + paths + "; add --import-path)");
            }
            parseWithImports(dep, found, paths, out);
        }
    }

    /** Reads a FileDescriptorSet as written by {@code protoc --include_imports --descriptor_set_out}. */
    static GrpcSchema fromProtoset(Path file) throws BrinkUserException {
        DescriptorProtos.FileDescriptorSet set;
        try {
            set = DescriptorProtos.FileDescriptorSet.parseFrom(InputFiles.readBytes(file, InputKind.PROTOSET));
        } catch (InvalidProtocolBufferException e) {
            throw new BrinkUserException(file + ": expected a protoset (protoc --descriptor_set_out): " + UserText.oneLine(e.getMessage()));
        }
        return fromFiles(file.toString(), set.getFileList());
    }

    /** Builds from serialized files (a protoset's, or those a reflection service sent). */
    static GrpcSchema fromFiles(String source, List<DescriptorProtos.FileDescriptorProto> files) throws BrinkUserException {
        Map<String, DescriptorProtos.FileDescriptorProto> byName = new LinkedHashMap<>();
        for (DescriptorProtos.FileDescriptorProto f : files) {
            byName.put(f.getName(), f);
            for (DescriptorProtos.DescriptorProto m : f.getMessageTypeList()) checkFields(source, f, prefix(f), m);
            for (DescriptorProtos.FieldDescriptorProto x : f.getExtensionList()) checkType(source, f, prefix(f), x);
        }
        return new GrpcSchema(source, build(byName, new ArrayList<>(byName.keySet()), source));
    }

    private static String prefix(DescriptorProtos.FileDescriptorProto f) {
        return f.getPackage().isEmpty() ? "" : f.getPackage() + ".";
    }

    /**
     * What protoc always writes but protobuf-java 3.25 does not check before using it: each field has a type (or
     * a type name to resolve) and a oneof index within its message's oneofs. A damaged protoset (or a reflection
     * answer) without them made FileDescriptor.buildFrom and the Editions lowering throw NullPointerException and
     * IndexOutOfBoundsException.
     */
    private static void checkFields(String source, DescriptorProtos.FileDescriptorProto f, String outer, DescriptorProtos.DescriptorProto m)
            throws BrinkUserException {
        String name = outer + m.getName();
        List<DescriptorProtos.FieldDescriptorProto> fields = new ArrayList<>(m.getFieldList());
        fields.addAll(m.getExtensionList());
        for (DescriptorProtos.FieldDescriptorProto x : fields) {
            checkType(source, f, name + ".", x);
            if (x.hasOneofIndex() && (x.getOneofIndex() < 0 || x.getOneofIndex() >= m.getOneofDeclCount())) {
                throw new BrinkUserException(where(source, f, name + ".", x) + ": expected a oneof index below " + m.getOneofDeclCount()
                        + " (the message's oneofs), found " + x.getOneofIndex());
            }
        }
        for (DescriptorProtos.DescriptorProto n : m.getNestedTypeList()) checkFields(source, f, name + ".", n);
    }

    private static void checkType(String source, DescriptorProtos.FileDescriptorProto f, String outer, DescriptorProtos.FieldDescriptorProto x)
            throws BrinkUserException {
        if (!x.hasType() && !x.hasTypeName()) {
            throw new BrinkUserException(where(source, f, outer, x) + ": expected a type or a type name, found neither");
        }
    }

    private static String where(String source, DescriptorProtos.FileDescriptorProto f, String outer, DescriptorProtos.FieldDescriptorProto x) {
        return source + ": " + UserText.oneLine(f.getName()) + ": field " + UserText.oneLine(outer + x.getName());
    }

    private static List<Descriptors.FileDescriptor> build(Map<String, DescriptorProtos.FileDescriptorProto> described,
                                                          List<String> roots, String source) throws BrinkUserException {
        // protobuf-java 3.25 does not resolve an Editions file's features: lowered to what encodes the same
        Map<String, DescriptorProtos.FileDescriptorProto> protos = EditionsLowering.lower(described,
                WELL_KNOWN.values().stream().map(Descriptors.FileDescriptor::toProto).toList());
        Map<String, Descriptors.FileDescriptor> built = new HashMap<>();
        List<Descriptors.FileDescriptor> out = new ArrayList<>();
        for (String r : roots) out.add(build(r, protos, built, source, 0));
        return out;
    }

    private static Descriptors.FileDescriptor build(String name, Map<String, DescriptorProtos.FileDescriptorProto> protos,
                                                    Map<String, Descriptors.FileDescriptor> built, String source, int depth)
            throws BrinkUserException {
        Descriptors.FileDescriptor done = built.get(name);
        if (done != null) return done;
        // names below come from the file as they are (a string's escapes can hold a line feed): cut() escapes them
        DescriptorProtos.FileDescriptorProto p = protos.get(name);
        if (p == null) {
            Descriptors.FileDescriptor wk = WELL_KNOWN.get(name);
            if (wk != null) return wk;
            throw new BrinkUserException(source + ": file " + UserText.cut(name, 200) + " is imported but missing");
        }
        if (depth > 100) throw new BrinkUserException(source + ": imports of " + UserText.cut(name, 200) + " form a cycle");
        Descriptors.FileDescriptor[] deps = new Descriptors.FileDescriptor[p.getDependencyCount()];
        for (int i = 0; i < deps.length; i++) deps[i] = build(p.getDependency(i), protos, built, source, depth + 1);
        try {
            Descriptors.FileDescriptor f = Descriptors.FileDescriptor.buildFrom(p, deps);
            built.put(name, f);
            return f;
        } catch (Descriptors.DescriptorValidationException e) {
            // its message quotes names from the file as they are, line feeds and all
            throw new BrinkUserException(source + ": " + UserText.oneLine(name) + ": " + UserText.oneLine(e.getMessage()));
        }
    }

    /**
     * The method named {@code pkg.Service/Method} (ghz's and grpcurl's spelling; {@code pkg.Service.Method}
     * is accepted too).
     * @throws BrinkUserException naming the method and what the schema does offer
     */
    Descriptors.MethodDescriptor method(String call) throws BrinkUserException {
        int slash = call.lastIndexOf('/');
        if (slash < 0) slash = call.lastIndexOf('.');
        if (slash <= 0 || slash == call.length() - 1) {
            throw new BrinkUserException("call '" + call + "': expected pkg.Service/Method");
        }
        String service = call.substring(0, slash);
        String method = call.substring(slash + 1);
        Descriptors.ServiceDescriptor s = services.get(service);
        if (s == null) {
            throw new BrinkUserException("unknown service " + service + " in " + source + " (it offers "
                    + (services.isEmpty() ? "no service" : String.join(", ", new TreeSet<>(services.keySet()))) + ")");
        }
        Descriptors.MethodDescriptor m = s.findMethodByName(method);
        if (m == null) {
            TreeSet<String> names = new TreeSet<>();
            for (Descriptors.MethodDescriptor x : s.getMethods()) names.add(x.getName());
            throw new BrinkUserException("unknown method " + service + "/" + method + " in " + source
                    + " (the service has " + String.join(", ", names) + ")");
        }
        if (m.isClientStreaming()) {
            throw new BrinkUserException("method " + service + "/" + method
                    + " streams from the client: expected a unary or server-streaming method");
        }
        return m;
    }
}
