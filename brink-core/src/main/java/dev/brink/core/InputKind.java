package dev.brink.core;

import java.util.Locale;

/**
 * Every kind of file Brink reads, with the largest it accepts and, for files read line by line, the longest line.
 * One table, so that every reader is bounded the same way and the limits are documented in one place (DESIGN.md,
 * "Input limits"). The limits are what a real file of the kind never reaches, with room: a reader that holds a file in
 * memory must refuse a larger one in one line, not die of {@code OutOfMemoryError}; a streaming reader must not follow a
 * 3 GiB file of zeros, or a device, for minutes.
 *
 * <p>The user can raise a limit for one command: {@code BRINK_MAX_THREAD_DUMP=2g brink threads big.txt} (the JVM
 * property {@code -Dbrink.max.thread-dump=2g} does the same and wins). The refusal names the variable.
 */
public enum InputKind {
    /**
     * jstack / jcmd Thread.print text or JSON: parsed whole, in memory. A jstack of 10 000 threads with deep stacks is
     * ~30 MB; even a log holding a burst of dumps stays far below the limit (and a JVM cannot hold an array over 2 GiB).
     */
    THREAD_DUMP("a thread dump", 512L << 20, 0),
    /** {@code top -H -b -n 1} output beside a dump: a line per thread, a few MB for 100 000 threads. */
    TOP_OUTPUT("top -H output", 64L << 20, 0),
    /** Streamed, indexed into primitive arrays and spill files: the limit is what a large server's heap dumps to. */
    HEAP_DUMP("a heap dump (.hprof or .hprof.gz)", 1L << 40, 0),
    /** {@code jmap -histo} / {@code GC.class_histogram} text: one line per class. */
    CLASS_HISTOGRAM("a class histogram", 256L << 20, 0),
    /** Streamed; a week of a busy JVM's -Xlog:gc* is a few GB. Over-long lines are read in 1 MiB pieces. */
    GC_LOG("a GC log", 64L << 30, 0),
    /** Read by the JDK's parser chunk by chunk; a day of continuous recording is some GB. */
    JFR("a JFR recording", 64L << 30, 0),
    /** YAML, parsed whole: a 1 MiB plan of 16 KiB lines parses in about a second. */
    PLAN("a plan (YAML)", 1L << 20, 0),
    /** A feeder's rows: read into memory, one row per line (CsvFeeder bounds its lines itself). */
    CSV("a CSV file (a header line, then rows)", 256L << 20, 0),
    /** {@code --body @FILE}: sent as it is, held in memory. */
    REQUEST_BODY("a request body", 16L << 20, 0),
    /** A plan's multipart part {@code file:}, held in memory for every request. */
    BODY_PART("a multipart part file", 1L << 20, 0),
    /** {@code --proto} and the files it imports: parsed whole. Google's largest API protos are a few hundred KB. */
    PROTO("a .proto file", 4L << 20, 0),
    /** {@code --protoset}: a FileDescriptorSet, parsed whole (into objects some times its size). */
    PROTOSET("a protoset (protoc --descriptor_set_out)", 16L << 20, 0),
    /** {@code brink grpc -d @FILE}: one request message as JSON. */
    GRPC_MESSAGE("a request message (JSON)", 16L << 20, 0),
    /** {@code --cacert}, {@code --cert}, {@code --key}: PEM text. */
    PEM("a PEM certificate or key", 1L << 20, 0),
    /** A browser's recording, parsed whole as JSON: a long session with bodies is tens of MB. */
    HAR("a HAR file", 256L << 20, 0),
    /** A JMeter .jmx test plan, parsed whole as XML. */
    JMETER_PLAN("a JMeter test plan", 64L << 20, 0),
    /** JMH {@code -rf json}, parsed whole. */
    JMH_RESULT("a JMH result file (-rf json)", 256L << 20, 0),
    /** Folded stacks (evidence/*.folded), parsed whole. */
    FOLDED_STACKS("a folded-stacks file", 256L << 20, 0),
    /** {@code --token-file}: one shared secret. */
    TOKEN("a token file", 4L << 10, 0),
    /** A run's summary.json, parsed whole. */
    RUN_SUMMARY("a Brink summary (summary.json)", 16L << 20, 0),
    /**
     * A run's events.jsonl: held in memory as JSON trees by the report (a week-long soak writes a few MB of events). Its
     * lines hold findings with their details: some KB, far below the line limit.
     */
    RUN_EVENTS("a Brink events file (events.jsonl)", 64L << 20, 8 << 20),
    /**
     * A run's per-second series (load.jsonl, jvm.jsonl, gc.jsonl, generator.jsonl, host.jsonl, streams.jsonl): streamed
     * into columns; a day is some 150 MB per file, a line 1–2 KB.
     */
    RUN_SERIES("a Brink series file (.jsonl)", 2L << 30, 8 << 20),
    /** latency.hlog: HdrHistogram interval lines of a few KB, one per operation and second. */
    LATENCY_LOG("a latency log (latency.hlog)", 2L << 30, 1 << 20);

    private final String what;
    private final long defaultMaxBytes;
    private final int maxLineBytes;

    InputKind(String what, long defaultMaxBytes, int maxLineBytes) {
        this.what = what;
        this.defaultMaxBytes = defaultMaxBytes;
        this.maxLineBytes = maxLineBytes;
    }

    /** What the file should be, as in "expected a thread dump": "a thread dump". */
    public String what() {
        return what;
    }

    /** The built-in limit, before any override. */
    public long defaultMaxBytes() {
        return defaultMaxBytes;
    }

    /** The longest line a line reader of this kind accepts (bytes, without the line break); 0 for whole-file kinds. */
    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** The environment variable that raises the limit: {@code BRINK_MAX_THREAD_DUMP}. */
    public String variable() {
        return "BRINK_MAX_" + name();
    }

    /** The JVM property that raises the limit (it wins over the variable): {@code brink.max.thread-dump}. */
    public String property() {
        return "brink.max." + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The limit in force: the property, else the variable, else the default.
     *
     * @throws BrinkUserException the override is not a size (one line naming it)
     */
    public long maxBytes() throws BrinkUserException {
        String p = System.getProperty(property());
        String v = p != null ? p : System.getenv(variable());
        if (v == null || v.isBlank()) {
            return defaultMaxBytes;
        }
        try {
            return Sizes.parse(v);
        } catch (BrinkUserException e) {
            throw new BrinkUserException((p != null ? "-D" + property() : variable()) + ": " + e.getMessage());
        }
    }

    /** How a refusal tells the user to raise the limit. */
    String override() {
        return "set " + variable() + "=SIZE (like 4g) to raise it";
    }
}
