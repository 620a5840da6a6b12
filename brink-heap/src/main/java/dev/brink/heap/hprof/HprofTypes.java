package dev.brink.heap.hprof;

/** HPROF basic types (field, static and primitive-array element types) and their sizes in the dump. */
public final class HprofTypes {
    public static final int OBJECT = 2;
    public static final int BOOLEAN = 4;
    public static final int CHAR = 5;
    public static final int FLOAT = 6;
    public static final int DOUBLE = 7;
    public static final int BYTE = 8;
    public static final int SHORT = 9;
    public static final int INT = 10;
    public static final int LONG = 11;

    private HprofTypes() {
    }

    public static boolean valid(int type) {
        return type == OBJECT || (type >= BOOLEAN && type <= LONG);
    }

    /** Size in the dump (and, for primitives, in the JVM); OBJECT is the dump's id size. */
    public static int size(int type, int idSize) {
        switch (type) {
            case OBJECT: return idSize;
            case BOOLEAN: case BYTE: return 1;
            case CHAR: case SHORT: return 2;
            case FLOAT: case INT: return 4;
            case DOUBLE: case LONG: return 8;
            default: throw new IllegalArgumentException("not an hprof basic type: " + type);
        }
    }

    /** Java name of a primitive array's element type, e.g. byte for BYTE. */
    public static String primitiveName(int type) {
        switch (type) {
            case BOOLEAN: return "boolean";
            case CHAR: return "char";
            case FLOAT: return "float";
            case DOUBLE: return "double";
            case BYTE: return "byte";
            case SHORT: return "short";
            case INT: return "int";
            case LONG: return "long";
            default: throw new IllegalArgumentException("not a primitive hprof type: " + type);
        }
    }
}
