package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.heap.hprof.HprofFormatException;
import dev.brink.heap.hprof.HprofScanner;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.testing.HprofWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scanner reads millions of sub-records per dump: naming each one for a possible error message must cost
 * nothing until the error happens, and the message must still name the sub-record and its offset.
 */
class ScannerAllocationTest {
    static final int NODES = 300_000;

    @TempDir
    Path dir;

    @Test
    void scanningAllocatesNothingPerObject() throws Exception {
        HprofWriter w = new HprofWriter(8);
        long first = w.newId();
        long prev = 0;
        for (int i = 0; i < NODES; i++) {
            long id = i == 0 ? first : w.newId();
            w.node(id, prev, 0);
            prev = id;
        }
        w.jniGlobal(prev);
        Path file = w.write(dir.resolve("many.hprof"));
        HprofVisitor none = new HprofVisitor() {
        };
        HprofScanner.scan(file, none, done -> { }); // warm-up: class loading and JIT are not per object
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        HprofScanner.scan(file, none, done -> { });
        long perObject = (mx.getCurrentThreadAllocatedBytes() - before) / NODES;
        // the 1 MiB read buffer and the stream are per scan; a text per sub-record was over 100 bytes each
        assertThat(perObject).as("bytes allocated per object scanned").isLessThan(16);

        byte[] bytes = Files.readAllBytes(file);
        Path cut = Files.write(dir.resolve("cut.hprof"), Arrays.copyOf(bytes, bytes.length - 30));
        assertThatThrownBy(() -> HprofScanner.scan(cut, none, done -> { }))
                .isInstanceOf(HprofFormatException.class)
                .hasMessageMatching("expected INSTANCE_DUMP sub-record at byte [0-9]+, but the file ends");
    }
}
