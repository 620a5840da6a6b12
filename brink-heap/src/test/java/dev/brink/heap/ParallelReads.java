package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.brink.core.BrinkUserException;
import dev.brink.heap.hprof.HprofInput;
import dev.brink.heap.hprof.HprofScanner;
import dev.brink.heap.hprof.HprofVisitor;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The reads after the first hand HotSpot's heap segments to several threads (-Dbrink.heap.readers). Whatever the
 * number of readers, a real dump must give the same report, and a dump broken in two segments must name the first
 * break in file order, as one reader going through the file does. Checked on a dump another test has written and
 * analysed with four readers, so that it costs one more analysis and two that stop early, not a child JVM.
 */
final class ParallelReads {
    static final String READERS = "brink.heap.readers";

    private ParallelReads() {
    }

    static HeapReport analyse(Path dump, int readers) throws BrinkUserException {
        String before = System.getProperty(READERS);
        System.setProperty(READERS, Integer.toString(readers));
        try {
            return HeapAnalyzer.analyze(dump, HeapOptions.defaults());
        } finally {
            if (before == null) {
                System.clearProperty(READERS);
            } else {
                System.setProperty(READERS, before);
            }
        }
    }

    /** {@code byFour}: the report of {@code dump} read with four readers. */
    static void agreeWithOneReader(Path dump, HeapReport byFour, Path dir) throws Exception {
        // where each heap segment starts, and the first instance's class id in each
        List<Long> segments = new ArrayList<>();
        List<Long> firstClassIdAt = new ArrayList<>();
        HprofScanner.scan(dump, new HprofVisitor() {
            @Override
            public void heapRecord(long bodyStart, long length) {
                segments.add(bodyStart);
            }

            @Override
            public void instance(long id, long classId, long length, HprofInput in) {
                if (firstClassIdAt.size() < segments.size()) {
                    firstClassIdAt.add(in.position() - 4 - in.idSize()); // the class id precedes the u4 length
                }
            }
        }, done -> { });
        assertThat(segments).as("heap segments: more than the readers, so that they share them").hasSizeGreaterThan(4);
        assertThat(firstClassIdAt).hasSameSizeAs(segments);

        assertThat(analyse(dump, 1)).isEqualTo(byFour);

        // an unknown class id passes the first read (it collects ids) and breaks the second, in two segments
        byte[] bytes = Files.readAllBytes(dump);
        int second = (int) (long) firstClassIdAt.get(1);
        int last = (int) (long) firstClassIdAt.get(firstClassIdAt.size() - 1);
        ByteBuffer.wrap(bytes).putLong(last, 0x7777_7777_7770L).putLong(second, 0x7777_7777_7778L);
        Path broken = Files.write(dir.resolve("broken.hprof"), bytes);
        String byOne = catchThrowableOfType(() -> analyse(broken, 1), BrinkUserException.class).getMessage();
        String four = catchThrowableOfType(() -> analyse(broken, 4), BrinkUserException.class).getMessage();
        assertThat(byOne).contains("0x777777777778").contains("to have a CLASS_DUMP");
        assertThat(four).isEqualTo(byOne);
        Files.delete(broken);
    }
}
