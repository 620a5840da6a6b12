/**
 * The lines of the run directory's one-JSON-per-line files that brink-load writes: load.jsonl
 * ({@link dev.brink.core.line.IntervalStats}), generator.jsonl ({@link dev.brink.core.line.GeneratorHealth}) and
 * host.jsonl ({@link dev.brink.core.line.HostHealth}); and jvm.jsonl ({@link dev.brink.core.line.JvmSample}), which
 * brink-jvm's sampler writes. Writers write these records and readers in every module read
 * them back as these records ({@link dev.brink.core.JsonlReader#forEach(java.nio.file.Path, Class,
 * dev.brink.core.JsonlReader.RecordVisitor)}), so a key's name lives in one place: {@link dev.brink.core.RunLines#KEYS}
 * is made from the records' components.
 */
package dev.brink.core.line;
