package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import dev.brink.core.evidence.FoldedStacks;
import java.io.IOException;
import java.time.Instant;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The CPU samples of a recording's window as {@link FoldedStacks}, for a flame graph of where the CPU went: its
 * jdk.CPUTimeSample events when it has any, else its jdk.ExecutionSample events, by the rule of the hot-method tables
 * ({@link CpuSamples#chosen}), so the flame graph and the tables never disagree about the source.
 * A second pass over the file, kept apart from {@link JfrAnalyzer}: it holds every distinct stack as a string, a
 * cost worth paying for the one step a report draws, not for every read of a large recording.
 */
public final class StackFolder {
    private StackFolder() {
    }

    /**
     * The folded stacks of the CPU samples {@code filter} keeps (CPU-time samples when present, else execution samples).
     *
     * @throws BrinkUserException the file is missing, not JFR, truncated or corrupt (one line)
     */
    public static FoldedStacks fold(Path file, JfrFilter filter) throws BrinkUserException {
        Gunzipped g = Gunzipped.of(file);
        try (g) {
            return foldRead(g.path(), filter);
        } catch (BrinkUserException e) {
            throw g.named(e);
        }
    }

    private static FoldedStacks foldRead(Path file, JfrFilter filter) throws BrinkUserException {
        List<JfrFileCheck.Chunk> chunks = JfrFileCheck.chunks(file);
        JfrFilter f = filter.resolve(Instant.ofEpochSecond(0, chunks.get(0).startNanos()));
        MethodNames names = new MethodNames();
        Map<String, Long> execution = new HashMap<>();
        Map<String, Long> cpuTime = new HashMap<>();
        StringBuilder sb = new StringBuilder(1024);
        ReadPosition at = new ReadPosition();
        try (RecordingFile rf = new RecordingFile(file)) {
            at.open();
            while (rf.hasMoreEvents()) {
                at.reading();
                RecordedEvent e = rf.readEvent();
                at.returned();
                String type = EventTypes.name(e);
                boolean cpu = type.equals("jdk.CPUTimeSample");
                if (!cpu && !type.equals("jdk.ExecutionSample") || !f.inWindow(e.getStartTime()) || e.getStackTrace() == null) {
                    continue;
                }
                String thread = cpu ? "eventThread" : "sampledThread";
                if (f.thread() != null && !f.threadAccepted(e.getThread(thread) == null ? null : e.getThread(thread).getJavaName())) {
                    continue;
                }
                List<RecordedFrame> frames = e.getStackTrace().getFrames();
                sb.setLength(0);
                // JFR lists frames leaf first; folded stacks go root first
                for (int i = frames.size() - 1; i >= 0; i--) {
                    if (sb.length() > 0) {
                        sb.append(';');
                    }
                    sb.append(names.of(frames.get(i)));
                }
                if (e.getStackTrace().isTruncated()) {
                    sb.insert(0, "(truncated stack);");
                }
                (cpu ? cpuTime : execution).merge(sb.toString(), 1L, Long::sum);
            }
        } catch (IOException | RuntimeException | StackOverflowError | InternalError | OutOfMemoryError e) {
            throw JfrFileCheck.damaged(file, chunks, at);
        }
        return new FoldedStacks(cpuTime.isEmpty() ? execution : cpuTime);
    }
}
