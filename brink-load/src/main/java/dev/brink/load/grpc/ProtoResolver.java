package dev.brink.load.grpc;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import dev.brink.core.BrinkUserException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Resolves the type names a .proto writes ({@code Inner}, {@code foo.Bar}) to the full names protoc writes
 * ({@code .pkg.Outer.Inner}), and sets whether each is a message or an enum, by protoc's own scoping: from the scope the
 * name is written in outwards, the first scope where the name's first part is defined decides (C++'s rule), and a
 * symbol that is not a type there (a field, an enum value) does not stop the search unless it is the whole name.
 * The symbols are every file's messages, enums, enum values (in their enum's parent scope), fields, services and
 * packages.
 */
final class ProtoResolver {
    private enum Kind { PACKAGE, MESSAGE, ENUM, SERVICE, OTHER }

    private final Map<String, Kind> symbols = new HashMap<>();

    private ProtoResolver(Iterable<FileDescriptorProto> files) {
        for (FileDescriptorProto f : files) {
            String pkg = f.getPackage();
            if (!pkg.isEmpty()) {
                String p = "";
                for (String part : pkg.split("\\.")) {
                    p = p.isEmpty() ? part : p + "." + part;
                    symbols.putIfAbsent(p, Kind.PACKAGE);
                }
            }
            for (DescriptorProto m : f.getMessageTypeList()) add(m, pkg);
            for (EnumDescriptorProto e : f.getEnumTypeList()) add(e, pkg);
            for (ServiceDescriptorProto s : f.getServiceList()) {
                symbols.put(join(pkg, s.getName()), Kind.SERVICE);
                for (MethodDescriptorProto m : s.getMethodList()) symbols.put(join(join(pkg, s.getName()), m.getName()), Kind.OTHER);
            }
            for (FieldDescriptorProto x : f.getExtensionList()) symbols.putIfAbsent(join(pkg, x.getName()), Kind.OTHER);
        }
    }

    private void add(DescriptorProto m, String scope) {
        String full = join(scope, m.getName());
        symbols.put(full, Kind.MESSAGE);
        for (FieldDescriptorProto f : m.getFieldList()) symbols.putIfAbsent(join(full, f.getName()), Kind.OTHER);
        for (FieldDescriptorProto f : m.getExtensionList()) symbols.putIfAbsent(join(full, f.getName()), Kind.OTHER);
        for (DescriptorProto n : m.getNestedTypeList()) add(n, full);
        for (EnumDescriptorProto e : m.getEnumTypeList()) add(e, full);
    }

    private void add(EnumDescriptorProto e, String scope) {
        symbols.put(join(scope, e.getName()), Kind.ENUM);
        for (var v : e.getValueList()) symbols.putIfAbsent(join(scope, v.getName()), Kind.OTHER);
    }

    /**
     * {@code files} with every type name resolved; {@code known} are further files (the well-known types) whose symbols
     * resolve names but which are not returned.
     * @throws BrinkUserException a name no file defines, naming the file and the name
     */
    static Map<String, FileDescriptorProto> resolve(Map<String, FileDescriptorProto> files, Iterable<FileDescriptorProto> known)
            throws BrinkUserException {
        java.util.List<FileDescriptorProto> all = new java.util.ArrayList<>(files.values());
        known.forEach(all::add);
        ProtoResolver r = new ProtoResolver(all);
        Map<String, FileDescriptorProto> out = new LinkedHashMap<>();
        for (Map.Entry<String, FileDescriptorProto> e : files.entrySet()) out.put(e.getKey(), r.file(e.getValue()));
        return out;
    }

    private FileDescriptorProto file(FileDescriptorProto f) throws BrinkUserException {
        FileDescriptorProto.Builder b = f.toBuilder();
        String pkg = f.getPackage();
        for (DescriptorProto.Builder m : b.getMessageTypeBuilderList()) message(m, pkg, f.getName());
        for (FieldDescriptorProto.Builder x : b.getExtensionBuilderList()) field(x, pkg, f.getName());
        for (ServiceDescriptorProto.Builder s : b.getServiceBuilderList()) {
            String scope = join(pkg, s.getName());
            for (MethodDescriptorProto.Builder m : s.getMethodBuilderList()) {
                m.setInputType(type(m.getInputType(), join(scope, m.getName()), f.getName(), Kind.MESSAGE));
                m.setOutputType(type(m.getOutputType(), join(scope, m.getName()), f.getName(), Kind.MESSAGE));
            }
        }
        return b.build();
    }

    private void message(DescriptorProto.Builder m, String scope, String file) throws BrinkUserException {
        String full = join(scope, m.getName());
        for (FieldDescriptorProto.Builder x : m.getFieldBuilderList()) field(x, full, file);
        for (FieldDescriptorProto.Builder x : m.getExtensionBuilderList()) field(x, full, file);
        for (DescriptorProto.Builder n : m.getNestedTypeBuilderList()) message(n, full, file);
    }

    private void field(FieldDescriptorProto.Builder x, String scope, String file) throws BrinkUserException {
        String relativeTo = join(scope, x.getName());
        if (x.hasExtendee()) x.setExtendee(type(x.getExtendee(), relativeTo, file, Kind.MESSAGE));
        if (!x.hasTypeName() || x.getTypeName().startsWith(".") && x.hasType()) return;
        String full = type(x.getTypeName(), relativeTo, file, null);
        Kind k = symbols.get(full.substring(1));
        x.setTypeName(full);
        if (!x.hasType()) x.setType(k == Kind.ENUM ? FieldDescriptorProto.Type.TYPE_ENUM : FieldDescriptorProto.Type.TYPE_MESSAGE);
    }

    /** The full name (with a leading dot) of type {@code name} written in scope {@code relativeTo}. */
    private String type(String name, String relativeTo, String file, Kind want) throws BrinkUserException {
        String found = lookup(name, relativeTo);
        Kind k = found == null ? null : symbols.get(found);
        if (k == null || !(k == Kind.MESSAGE || k == Kind.ENUM) || want == Kind.MESSAGE && k != Kind.MESSAGE) {
            throw new BrinkUserException(file + ": \"" + name + "\" is not defined (as " + (want == Kind.MESSAGE ? "a message" : "a message or an enum")
                    + ") where " + relativeTo + " uses it");
        }
        return "." + found;
    }

    private String lookup(String name, String relativeTo) {
        if (name.startsWith(".")) return symbols.containsKey(name.substring(1)) ? name.substring(1) : null;
        int dot = name.indexOf('.');
        String first = dot < 0 ? name : name.substring(0, dot);
        String scope = relativeTo;
        while (true) {
            int cut = scope.lastIndexOf('.');
            if (cut < 0) return symbols.containsKey(name) ? name : null;
            scope = scope.substring(0, cut);
            String tryFirst = join(scope, first);
            Kind k = symbols.get(tryFirst);
            if (k != null) {
                if (dot >= 0) {
                    // the first part names something: an aggregate decides (the rest must be in it), anything else does not
                    if (k != Kind.OTHER) {
                        String full = join(scope, name);
                        return symbols.containsKey(full) ? full : null;
                    }
                } else if (k == Kind.MESSAGE || k == Kind.ENUM) {
                    return tryFirst;
                }
            }
        }
    }

    private static String join(String scope, String name) {
        return scope.isEmpty() ? name : scope + "." + name;
    }
}
