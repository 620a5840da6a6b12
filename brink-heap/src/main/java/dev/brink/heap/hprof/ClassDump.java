package dev.brink.heap.hprof;

import java.util.Objects;

/**
 * One CLASS_DUMP sub-record. Static values are raw bits (an object id for OBJECT). Instance fields are the
 * class's own, in dump order; instance data of an object lists them first, then its superclass's.
 */
public record ClassDump(long id, long superId, long loaderId, int instanceSize,
                        long[] staticNameIds, byte[] staticTypes, long[] staticValues,
                        long[] fieldNameIds, byte[] fieldTypes) {
    public ClassDump {
        Objects.requireNonNull(staticNameIds, "staticNameIds");
        Objects.requireNonNull(fieldNameIds, "fieldNameIds");
        if (staticTypes.length != staticNameIds.length || staticValues.length != staticNameIds.length
                || fieldTypes.length != fieldNameIds.length) {
            throw new IllegalArgumentException("field arrays must have equal lengths");
        }
    }
}
