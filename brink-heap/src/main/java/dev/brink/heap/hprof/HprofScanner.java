package dev.brink.heap.hprof;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;

/**
 * One streaming pass over an HPROF 1.0.2 file (plain or gzip, detected by magic bytes), in file order,
 * checking every length against its enclosing record. Memory: one 1 MiB buffer; cost: one read of the file.
 * Each pass re-reads the file, so a caller that needs two passes over a .gz pays two decompressions.
 */
public final class HprofScanner {
    private static final String MAGIC = "JAVA PROFILE 1.0.";

    private HprofScanner() {
    }

    /**
     * Reads {@code file} and calls {@code visitor} for each record. {@code progress} receives the number of
     * file bytes (compressed bytes for .gz) read so far, every few MiB.
     *
     * @throws HprofFormatException when the content breaks the format (offset in the uncompressed stream)
     */
    public static void scan(Path file, HprofVisitor visitor, LongConsumer progress) throws IOException {
        try (CountingStream counting = new CountingStream(Files.newInputStream(file), progress)) {
            InputStream raw = new BufferedInputStream(counting, 1 << 16);
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            InputStream in = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
            try (HprofInput input = new HprofInput(in)) {
                new Pass(input, visitor).run();
            }
        }
    }

    /**
     * Reading threads of {@link #scanHeap}: the cores there are, at most four (the reads of a dump in the page cache
     * are bound by parsing, not by the disk; more threads than cores only take turns). {@code -Dbrink.heap.readers=1}
     * reads in one thread, as the first pass always does.
     */
    static int readers() {
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Integer.getInteger("brink.heap.readers", Math.min(cores, 4)));
    }

    /**
     * Reads the heap dump sub-records of {@code segments} (found by an earlier {@link #scan} of the same file) with
     * one visitor per reading thread, each taking the next whole segment until none is left: the calling thread
     * and up to three more. The visitors must not depend on the order of records across segments, and whatever
     * they share must take writes from several threads (each object is in one segment only). A .gz file, or a dump
     * with a single heap record, is read in one {@link #scan} by one visitor. Returns the visitors used.
     *
     * @throws HprofFormatException the error of the first segment in file order that has one, as a single scan
     *                              would report it
     */
    public static <V extends HprofVisitor> List<V> scanHeap(Path file, HeapSegments segments, Supplier<V> perThread,
                                                           LongConsumer progress) throws IOException {
        int threads = Math.min(readers(), segments == null ? 1 : segments.count());
        if (threads < 2 || gzip(file)) {
            V v = perThread.get();
            scan(file, v, progress);
            return List.of(v);
        }
        List<V> visitors = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            visitors.add(perThread.get());
        }
        SegmentWork work = new SegmentWork(segments, progress);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            List<Thread> helpers = new ArrayList<>();
            for (int t = 1; t < threads; t++) {
                V v = visitors.get(t);
                Thread th = new Thread(() -> work.run(ch, v), "brink-heap-reader-" + t);
                th.setDaemon(true);
                th.start();
                helpers.add(th);
            }
            work.run(ch, visitors.get(0));
            for (Thread th : helpers) {
                try {
                    th.join();
                } catch (InterruptedException e) {
                    work.stop();
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while reading the heap dump");
                }
            }
        }
        work.rethrow();
        return visitors;
    }

    private static boolean gzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** Hands out segments in file order and keeps the error of the first failing one. */
    private static final class SegmentWork {
        private final HeapSegments segments;
        private final LongConsumer progress;
        private final AtomicInteger next = new AtomicInteger();
        /** Index of the first segment that failed so far; segments after it are not read. */
        private final AtomicInteger failed = new AtomicInteger(Integer.MAX_VALUE);
        /** What stopped each failed segment: a format or I/O error, or an Error (out of memory) of its reader. */
        private final Throwable[] errors;
        private final AtomicLong done = new AtomicLong();
        private long reported;

        SegmentWork(HeapSegments segments, LongConsumer progress) {
            this.segments = segments;
            this.progress = progress;
            this.errors = new Throwable[segments.count()];
        }

        void stop() {
            failed.set(-1);
        }

        void run(FileChannel ch, HprofVisitor v) {
            HprofInput in = new HprofInput(InputStream.nullInputStream());
            in.idSize(segments.idSize());
            Pass pass = new Pass(in, v);
            pass.idSize = segments.idSize();
            int i;
            // segments are taken in increasing order, so when segment i fails every segment before it is taken: the
            // first failing segment in file order is always read, and its first error is the one reported
            while ((i = next.getAndIncrement()) < segments.count() && i < failed.get()) {
                long start = segments.start(i);
                long end = start + segments.length(i);
                try {
                    in.reset(new RangeStream(ch, start, end), start);
                    pass.heapDump(end);
                } catch (RuntimeException | Error e) {
                    // kept for the calling thread: a reading thread that died alone would leave its segments unread
                    // and the analysis would go on without them
                    errors[i] = e;
                    failed.accumulateAndGet(i, Math::min);
                    return;
                }
                long total = done.addAndGet(segments.length(i));
                if (total - reported >= (8 << 20)) {
                    synchronized (this) {
                        if (total - reported >= (8 << 20)) {
                            reported = total;
                            progress.accept(total);
                        }
                    }
                }
            }
        }

        /** After every reader has stopped (their joins order these reads after the writes). */
        void rethrow() {
            int f = failed.get();
            if (f >= 0 && f < errors.length && errors[f] != null) {
                if (errors[f] instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) errors[f];
            }
        }
    }

    /** The bytes [from, to) of a file, read with positioned reads: readers share one channel. */
    private static final class RangeStream extends InputStream {
        private final FileChannel ch;
        private long at;
        private final long to;

        RangeStream(FileChannel ch, long from, long to) {
            this.ch = ch;
            this.at = from;
            this.to = to;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (at >= to) {
                return -1;
            }
            int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, to - at)), at);
            if (n > 0) {
                at += n;
            }
            return n;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }

    private static final class Pass {
        private final HprofInput in;
        private final HprofVisitor v;
        private int idSize;
        /** "JAVA PROFILE 1.0.2" dumps end their heap dump with HEAP_DUMP_END; 1.0.1 ones have one HEAP_DUMP. */
        private boolean segmented = true;

        Pass(HprofInput in, HprofVisitor v) {
            this.in = in;
            this.v = v;
        }

        void run() {
            header();
            boolean sawHeap = false;
            boolean ended = false;
            while (!in.atEnd()) {
                long recordStart = in.position();
                in.expecting("a record header (tag, time, length)");
                int tag = in.u1();
                in.u4(); // microseconds since the header's time stamp
                long length = in.u4();
                long end = in.position() + length;
                switch (tag) {
                    case HprofTag.UTF8 -> {
                        in.expecting("a UTF8 record body");
                        if (length < idSize) {
                            throw new HprofFormatException(recordStart, "expected a UTF8 record of at least " + idSize + " bytes, length is " + length);
                        }
                        long id = in.id();
                        int n = (int) Math.min(length - idSize, 1 << 24);
                        byte[] text = new byte[n];
                        in.read(text, 0, n);
                        v.utf8(id, new String(text, StandardCharsets.UTF_8));
                    }
                    case HprofTag.LOAD_CLASS -> {
                        in.expecting("a LOAD_CLASS record body");
                        need(recordStart, length, 8 + 2L * idSize, "LOAD_CLASS");
                        int serial = in.i4();
                        long classId = in.id();
                        in.i4();
                        v.loadClass(serial, classId, in.id());
                    }
                    case HprofTag.STACK_FRAME -> {
                        in.expecting("a STACK_FRAME record body");
                        need(recordStart, length, 4L * idSize + 8, "STACK_FRAME");
                        long frame = in.id();
                        long method = in.id();
                        in.id(); // signature
                        in.id(); // source file
                        int classSerial = in.i4();
                        v.stackFrame(frame, method, classSerial, in.i4());
                    }
                    case HprofTag.STACK_TRACE -> {
                        in.expecting("a STACK_TRACE record body");
                        need(recordStart, length, 12, "STACK_TRACE");
                        int serial = in.i4();
                        int thread = in.i4();
                        long frames = in.u4();
                        if (12 + frames * idSize > length) {
                            throw new HprofFormatException(recordStart, "expected a STACK_TRACE of " + frames + " frames to fit its length " + length);
                        }
                        long[] ids = new long[(int) frames];
                        for (int i = 0; i < ids.length; i++) {
                            ids[i] = in.id();
                        }
                        v.stackTrace(serial, thread, ids);
                    }
                    case HprofTag.HEAP_DUMP, HprofTag.HEAP_DUMP_SEGMENT -> {
                        sawHeap = true;
                        v.heapRecord(in.position(), length);
                        heapDump(end);
                    }
                    case HprofTag.HEAP_DUMP_END -> ended = true;
                    default -> {
                        // UNLOAD_CLASS, ALLOC_SITES, HEAP_SUMMARY, START/END_THREAD, CPU_SAMPLES,
                        // CONTROL_SETTINGS: nothing Brink reports on; skipped by length like unknown tags.
                        if (tag == 0 || tag > HprofTag.LAST_RECORD) {
                            throw new HprofFormatException(recordStart, String.format("expected a record tag (0x01-0x2C), found 0x%02X", tag));
                        }
                    }
                }
                long left = end - in.position();
                if (left < 0) {
                    throw new HprofFormatException(recordStart, "expected the record body to fit its length " + length);
                }
                in.expecting(left + " more bytes of the record at byte " + recordStart);
                in.skip(left);
            }
            if (!sawHeap) {
                throw new HprofFormatException(in.position(), "expected a HEAP_DUMP or HEAP_DUMP_SEGMENT record, but the file ends without one");
            }
            if (!ended && segmented) {
                throw new HprofFormatException(in.position(), "expected a HEAP_DUMP_END record, but the file ends (truncated dump?)");
            }
        }

        private void header() {
            in.expecting("the header \"JAVA PROFILE 1.0.2\"");
            byte[] magic = new byte[MAGIC.length()];
            in.read(magic, 0, magic.length);
            if (!MAGIC.equals(new String(magic, StandardCharsets.ISO_8859_1))) {
                throw new HprofFormatException(0, "expected the header \"JAVA PROFILE 1.0.2\" (is this an hprof heap dump?)");
            }
            int c;
            int guard = 0;
            while ((c = in.u1()) != 0) {
                if (++guard > 8) {
                    throw new HprofFormatException(in.position(), "expected the header's terminating zero byte");
                }
                segmented = c == '2';
            }
            in.expecting("the identifier size");
            idSize = in.i4();
            if (idSize != 4 && idSize != 8) {
                throw new HprofFormatException(in.position() - 4, "expected identifier size 4 or 8, found " + idSize);
            }
            in.idSize(idSize);
            in.expecting("the header time stamp");
            v.header(idSize, in.i8());
        }

        private void need(long at, long length, long min, String what) {
            if (length < min) {
                throw new HprofFormatException(at, "expected a " + what + " record of at least " + min + " bytes, length is " + length);
            }
        }

        /** Sub-records until {@code end}; none may cross it. */
        private void heapDump(long end) {
            while (in.position() < end) {
                long at = in.position();
                in.expecting("a heap dump sub-record tag");
                int tag = in.u1();
                in.expectingSubRecord(HprofTag.subRecordName(tag), at);
                switch (tag) {
                    case HprofTag.ROOT_UNKNOWN, HprofTag.ROOT_STICKY_CLASS, HprofTag.ROOT_MONITOR_USED -> v.root(tag, in.id(), 0, 0);
                    case HprofTag.ROOT_JNI_GLOBAL -> {
                        long obj = in.id();
                        in.id(); // JNI global ref id
                        v.root(HprofTag.ROOT_JNI_GLOBAL, obj, 0, 0);
                    }
                    case HprofTag.ROOT_JNI_LOCAL, HprofTag.ROOT_JAVA_FRAME -> {
                        long obj = in.id();
                        int thread = in.i4();
                        v.root(tag, obj, thread, in.i4()); // frame number in the thread's stack trace
                    }
                    case HprofTag.ROOT_NATIVE_STACK, HprofTag.ROOT_THREAD_BLOCK -> {
                        long obj = in.id();
                        v.root(tag, obj, in.i4(), 0);
                    }
                    case HprofTag.ROOT_THREAD_OBJECT -> {
                        long obj = in.id();
                        int thread = in.i4();
                        v.root(HprofTag.ROOT_THREAD_OBJECT, obj, thread, in.i4()); // stack trace serial
                    }
                    case HprofTag.CLASS_DUMP -> classDump(at, end);
                    case HprofTag.INSTANCE_DUMP -> {
                        long id = in.id();
                        in.i4();
                        long cls = in.id();
                        long len = in.u4();
                        long bodyEnd = in.position() + len;
                        check(at, bodyEnd, end, "INSTANCE_DUMP");
                        v.instance(id, cls, len, in);
                        in.skip(bodyEnd - in.position());
                    }
                    case HprofTag.OBJ_ARRAY_DUMP -> {
                        long id = in.id();
                        in.i4();
                        long count = in.u4();
                        long cls = in.id();
                        long bodyEnd = in.position() + count * idSize;
                        check(at, bodyEnd, end, "OBJ_ARRAY_DUMP");
                        v.objectArray(id, cls, (int) count, in);
                        in.skip(bodyEnd - in.position());
                    }
                    case HprofTag.PRIM_ARRAY_DUMP -> {
                        long id = in.id();
                        in.i4();
                        long count = in.u4();
                        int type = in.u1();
                        if (!HprofTypes.valid(type) || type == HprofTypes.OBJECT) {
                            throw new HprofFormatException(in.position() - 1, "expected a primitive array element type (4-11), found " + type);
                        }
                        long bodyEnd = in.position() + count * HprofTypes.size(type, idSize);
                        check(at, bodyEnd, end, "PRIM_ARRAY_DUMP");
                        v.primitiveArray(id, type, (int) count, in);
                        in.skip(bodyEnd - in.position());
                    }
                    default -> throw new HprofFormatException(at, String.format(
                            "expected a heap dump sub-record tag (0x01-0x08, 0x20-0x23, 0xFF), found 0x%02X", tag));
                }
                if (in.position() > end) {
                    throw new HprofFormatException(at, "expected the " + HprofTag.subRecordName(tag) + " sub-record to end within its heap dump segment (ends at byte " + end + ")");
                }
            }
        }

        private void check(long at, long bodyEnd, long segmentEnd, String what) {
            if (bodyEnd > segmentEnd || bodyEnd - at > Integer.MAX_VALUE) {
                throw new HprofFormatException(at, "expected the " + what + " sub-record to end within its heap dump segment (ends at byte "
                        + segmentEnd + "), its length says byte " + bodyEnd);
            }
        }

        private void classDump(long at, long end) {
            long id = in.id();
            in.i4();
            long superId = in.id();
            long loader = in.id();
            in.id();
            in.id();
            in.id();
            in.id();
            int instanceSize = in.i4();
            int cp = in.u2();
            for (int i = 0; i < cp; i++) {
                in.u2();
                in.value(type(in.u1()));
            }
            int ns = in.u2();
            long[] sNames = new long[ns];
            byte[] sTypes = new byte[ns];
            long[] sValues = new long[ns];
            for (int i = 0; i < ns; i++) {
                sNames[i] = in.id();
                int t = type(in.u1());
                sTypes[i] = (byte) t;
                sValues[i] = in.value(t);
            }
            int nf = in.u2();
            long[] fNames = new long[nf];
            byte[] fTypes = new byte[nf];
            for (int i = 0; i < nf; i++) {
                fNames[i] = in.id();
                fTypes[i] = (byte) type(in.u1());
            }
            if (in.position() > end) {
                throw new HprofFormatException(at, "expected the CLASS_DUMP sub-record to end within its heap dump segment (ends at byte " + end + ")");
            }
            v.classDump(new ClassDump(id, superId, loader, instanceSize, sNames, sTypes, sValues, fNames, fTypes));
        }

        private int type(int t) {
            if (!HprofTypes.valid(t)) {
                throw new HprofFormatException(in.position() - 1, "expected a basic type (2 object, 4-11 primitive), found " + t);
            }
            return t;
        }
    }

    /** Counts file bytes for progress, reporting every 8 MiB. */
    private static final class CountingStream extends FilterInputStream {
        private final LongConsumer progress;
        private long count;
        private long reported;

        CountingStream(InputStream in, LongConsumer progress) {
            super(in);
            this.progress = progress;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
                if (count - reported >= (8 << 20)) {
                    reported = count;
                    progress.accept(count);
                }
            }
            return n;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }
    }
}
