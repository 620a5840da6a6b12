/**
 * Brink's JVM observer: attach to a target JVM, sample it on the run's time axis, capture evidence.
 *
 * <pre>{@code
 * try (JvmObserver jvm = JvmObserver.attach(JvmTarget.parse("12345"))) {   // or jmx("host:9010"), launch(cmd)
 *     jvm.start(run, events, Duration.ofSeconds(1));     // jvm.jsonl, gc.jsonl, target-died → events
 *     jvm.addListener(new JvmListener() { ... });         // onSample / onGc / onTargetDied
 *     JvmSample now = jvm.latest().orElseThrow();
 *     List<Path> dumps = jvm.evidence().threadDumps(3, Duration.ofSeconds(1));
 *     Path histo = jvm.evidence().classHistogram();
 *     Path hprof = jvm.evidence().heapDump(true);
 *     jvm.evidence().jfrStart(); ... Path jfr = jvm.evidence().jfrStop();
 * }                                                       // close: stops sampling and a launched target
 * }</pre>
 *
 * <p>Files it writes (run-directory contract, DESIGN.md): {@code jvm.jsonl} (one {@link dev.brink.core.line.JvmSample}
 * per line), {@code gc.jsonl} ({@link dev.brink.core.evidence.GcEventLine}), {@code evidence/threads-*.txt|json}
 * ({@link dev.brink.core.evidence.ThreadDumpDoc}), {@code evidence/histo-*.txt}, {@code evidence/heap-*.hprof},
 * {@code evidence/recording-*.jfr}, and events {@code evidence} and {@code target-died} in {@code events.jsonl}.
 */
package dev.brink.jvm;
