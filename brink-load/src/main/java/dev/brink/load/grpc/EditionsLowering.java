package dev.brink.load.grpc;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.FeatureSet;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An Editions file as the proto2 or proto3 file that encodes the same, for protobuf-java 3.25 (Brink's): that version
 * builds an Editions file's descriptors without resolving its features (it reads every field as proto3 would: no
 * presence, packed), so a field with explicit presence set to 0 would not be sent, a delimited field would be sent
 * length-prefixed. Edition 2023 was made so that each of its files says what a proto2 or a proto3 file says; this
 * resolves each field's features (file, then the enclosing messages, the oneof, the field: descriptor.proto's
 * defaults for 2023 first) and writes them the older way:
 * <ul>
 *   <li>proto3, when no field is required or delimited, no enum closed, no extension range or default used: explicit
 *       presence on a singular scalar is proto3 {@code optional} (a synthetic oneof, as protoc writes it), expanded
 *       repeated fields {@code packed = false};</li>
 *   <li>else proto2: legacy-required fields required, delimited message fields groups, packed repeated fields
 *       {@code packed = true}. A field with implicit presence then has explicit presence: a zero it is set to is sent,
 *       which a receiver reads as the zero it would have taken without it (the one difference on the wire).</li>
 * </ul>
 * Applied to every source of descriptors (a .proto, a protoset, reflection), so each sends the same bytes. A proto2 or
 * proto3 file is returned unchanged.
 */
final class EditionsLowering {
    /** descriptor.proto's defaults of edition 2023 (its feature_support and edition_defaults of each feature). */
    static final FeatureSet DEFAULTS_2023 = FeatureSet.newBuilder()
            .setFieldPresence(FeatureSet.FieldPresence.EXPLICIT).setEnumType(FeatureSet.EnumType.OPEN)
            .setRepeatedFieldEncoding(FeatureSet.RepeatedFieldEncoding.PACKED).setUtf8Validation(FeatureSet.Utf8Validation.VERIFY)
            .setMessageEncoding(FeatureSet.MessageEncoding.LENGTH_PREFIXED).setJsonFormat(FeatureSet.JsonFormat.ALLOW).build();

    private EditionsLowering() {
    }

    /** Each file lowered; {@code files} in any order (an enum's openness is looked up across them). */
    static Map<String, FileDescriptorProto> lower(Map<String, FileDescriptorProto> files, Collection<FileDescriptorProto> known) {
        Set<String> closed = new HashSet<>();
        for (FileDescriptorProto f : files.values()) closedEnums(f, closed);
        for (FileDescriptorProto f : known) closedEnums(f, closed);
        Map<String, FileDescriptorProto> out = new LinkedHashMap<>();
        for (Map.Entry<String, FileDescriptorProto> e : files.entrySet()) {
            FileDescriptorProto f = e.getValue();
            out.put(e.getKey(), f.getSyntax().equals("editions") ? lower(f, closed) : f);
        }
        return out;
    }

    private static void closedEnums(FileDescriptorProto f, Set<String> closed) {
        String pkg = f.getPackage().isEmpty() ? "" : "." + f.getPackage();
        FeatureSet file = merge(DEFAULTS_2023, f.getOptions().getFeatures());
        for (EnumDescriptorProto e : f.getEnumTypeList()) closedEnum(f, e, pkg, file, closed);
        for (DescriptorProto m : f.getMessageTypeList()) closedEnums(f, m, pkg, file, closed);
    }

    private static void closedEnums(FileDescriptorProto f, DescriptorProto m, String scope, FeatureSet outer, Set<String> closed) {
        String full = scope + "." + m.getName();
        FeatureSet here = merge(outer, m.getOptions().getFeatures());
        for (EnumDescriptorProto e : m.getEnumTypeList()) closedEnum(f, e, full, here, closed);
        for (DescriptorProto n : m.getNestedTypeList()) closedEnums(f, n, full, here, closed);
    }

    private static void closedEnum(FileDescriptorProto f, EnumDescriptorProto e, String scope, FeatureSet outer, Set<String> closed) {
        boolean isClosed = switch (f.getSyntax()) {
            case "editions" -> merge(outer, e.getOptions().getFeatures()).getEnumType() == FeatureSet.EnumType.CLOSED;
            case "proto3" -> false;
            default -> true; // proto2: every enum is closed
        };
        if (isClosed) closed.add(scope + "." + e.getName());
    }

    private static FileDescriptorProto lower(FileDescriptorProto f, Set<String> closed) {
        FeatureSet file = merge(DEFAULTS_2023, f.getOptions().getFeatures());
        boolean proto3 = proto3Possible(f, file, closed);
        FileDescriptorProto.Builder b = f.toBuilder().clearEdition();
        if (proto3) b.setSyntax("proto3");
        else b.clearSyntax();
        if (b.hasOptions()) b.getOptionsBuilder().clearFeatures();
        for (DescriptorProto.Builder m : b.getMessageTypeBuilderList()) message(m, file, proto3);
        for (FieldDescriptorProto.Builder x : b.getExtensionBuilderList()) field(x, file, proto3, null);
        for (EnumDescriptorProto.Builder e : b.getEnumTypeBuilderList()) if (e.hasOptions()) e.getOptionsBuilder().clearFeatures();
        for (var s : b.getServiceBuilderList()) {
            if (s.hasOptions()) s.getOptionsBuilder().clearFeatures();
            for (var m : s.getMethodBuilderList()) if (m.hasOptions()) m.getOptionsBuilder().clearFeatures();
        }
        return b.build();
    }

    private static boolean proto3Possible(FileDescriptorProto f, FeatureSet file, Set<String> closed) {
        if (f.getExtensionCount() > 0) return false;
        for (EnumDescriptorProto e : f.getEnumTypeList()) {
            if (merge(file, e.getOptions().getFeatures()).getEnumType() == FeatureSet.EnumType.CLOSED) return false;
        }
        for (DescriptorProto m : f.getMessageTypeList()) if (!proto3Possible(m, file, closed)) return false;
        return true;
    }

    private static boolean proto3Possible(DescriptorProto m, FeatureSet outer, Set<String> closed) {
        FeatureSet here = merge(outer, m.getOptions().getFeatures());
        if (m.getExtensionRangeCount() > 0 || m.getExtensionCount() > 0) return false;
        for (EnumDescriptorProto e : m.getEnumTypeList()) {
            if (merge(here, e.getOptions().getFeatures()).getEnumType() == FeatureSet.EnumType.CLOSED) return false;
        }
        for (FieldDescriptorProto x : m.getFieldList()) {
            FeatureSet fs = merge(oneof(m, x, here), x.getOptions().getFeatures());
            if (fs.getFieldPresence() == FeatureSet.FieldPresence.LEGACY_REQUIRED || x.hasDefaultValue()) return false;
            if (x.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE && fs.getMessageEncoding() == FeatureSet.MessageEncoding.DELIMITED
                    && !m.getOptions().getMapEntry()) {
                return false;
            }
            if (x.getType() == FieldDescriptorProto.Type.TYPE_ENUM && closed.contains(x.getTypeName())) return false;
        }
        for (DescriptorProto n : m.getNestedTypeList()) if (!proto3Possible(n, here, closed)) return false;
        return true;
    }

    private static void message(DescriptorProto.Builder m, FeatureSet outer, boolean proto3) {
        FeatureSet here = merge(outer, m.getOptions().getFeatures());
        if (m.hasOptions()) m.getOptionsBuilder().clearFeatures();
        int realOneofs = m.getOneofDeclCount();
        List<OneofDescriptorProto> synthetic = new ArrayList<>();
        for (FieldDescriptorProto.Builder x : m.getFieldBuilderList()) {
            FeatureSet inOneof = x.hasOneofIndex() ? merge(here, m.getOneofDecl(x.getOneofIndex()).getOptions().getFeatures()) : here;
            String oneof = field(x, inOneof, proto3, m.getOptions().getMapEntry() ? "map" : null);
            if (oneof != null) {
                x.setOneofIndex(realOneofs + synthetic.size());
                synthetic.add(OneofDescriptorProto.newBuilder().setName(oneof).build());
            }
        }
        for (OneofDescriptorProto.Builder o : m.getOneofDeclBuilderList()) if (o.hasOptions()) o.getOptionsBuilder().clearFeatures();
        m.addAllOneofDecl(synthetic);
        for (FieldDescriptorProto.Builder x : m.getExtensionBuilderList()) field(x, here, proto3, null);
        for (EnumDescriptorProto.Builder e : m.getEnumTypeBuilderList()) if (e.hasOptions()) e.getOptionsBuilder().clearFeatures();
        for (DescriptorProto.Builder n : m.getNestedTypeBuilderList()) message(n, here, proto3);
    }

    /** Lowers one field; the name of the synthetic oneof it needs (proto3 optional), else null. */
    private static String field(FieldDescriptorProto.Builder x, FeatureSet outer, boolean proto3, String mapEntry) {
        FeatureSet fs = merge(outer, x.getOptions().getFeatures());
        if (x.hasOptions()) {
            x.getOptionsBuilder().clearFeatures();
            if (x.getOptions().equals(com.google.protobuf.DescriptorProtos.FieldOptions.getDefaultInstance())) x.clearOptions();
        }
        boolean repeated = x.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED;
        boolean message = x.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE;
        if (repeated && packable(x.getType())) {
            boolean packed = fs.getRepeatedFieldEncoding() == FeatureSet.RepeatedFieldEncoding.PACKED;
            if (packed != proto3) x.getOptionsBuilder().setPacked(packed); // each syntax's own default needs no option
            return null;
        }
        if (proto3) {
            boolean explicit = fs.getFieldPresence() != FeatureSet.FieldPresence.IMPLICIT;
            if (!repeated && !message && !x.hasOneofIndex() && explicit && mapEntry == null) {
                x.setProto3Optional(true);
                return "_" + x.getName();
            }
            return null;
        }
        if (fs.getFieldPresence() == FeatureSet.FieldPresence.LEGACY_REQUIRED) x.setLabel(FieldDescriptorProto.Label.LABEL_REQUIRED);
        if (message && fs.getMessageEncoding() == FeatureSet.MessageEncoding.DELIMITED && mapEntry == null) {
            x.setType(FieldDescriptorProto.Type.TYPE_GROUP);
        }
        return null;
    }

    private static FeatureSet oneof(DescriptorProto m, FieldDescriptorProto x, FeatureSet here) {
        return x.hasOneofIndex() ? merge(here, m.getOneofDecl(x.getOneofIndex()).getOptions().getFeatures()) : here;
    }

    private static boolean packable(FieldDescriptorProto.Type t) {
        return t != FieldDescriptorProto.Type.TYPE_STRING && t != FieldDescriptorProto.Type.TYPE_BYTES
                && t != FieldDescriptorProto.Type.TYPE_MESSAGE && t != FieldDescriptorProto.Type.TYPE_GROUP;
    }

    private static FeatureSet merge(FeatureSet outer, FeatureSet inner) {
        return inner.equals(FeatureSet.getDefaultInstance()) ? outer : outer.toBuilder().mergeFrom(inner).build();
    }
}
