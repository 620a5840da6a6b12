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
 * The execution samples of a recording's window as {@link FoldedStacks}, for a flame graph of where the CPU went.
 * A second pass over the file, kept apart from {@link JfrAnalyzer}: it holds every distinct stack as a string, a
 * cost worth paying for the one step a report draws, not for every read of a large recording.
 */
public final class StackFolder {
    private StackFolder() {
    }

    /**
     * The folded stacks of the {@code jdk.ExecutionSample} events {@code filter} keeps.
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
        Map<String, Long> stacks = new HashMap<>();
        StringBuilder sb = new StringBuilder(1024);
        ReadPosition at = new ReadPosition();
        try (RecordingFile rf = new RecordingFile(file)) {
            at.open();
            while (rf.hasMoreEvents()) {
                at.reading();
                RecordedEvent e = rf.readEvent();
                at.returned();
                if (!EventTypes.name(e).equals("jdk.ExecutionSample") || !f.inWindow(e.getStartTime())
                        || e.getStackTrace() == null) {
                    continue;
                }
                if (f.thread() != null && !f.threadAccepted(e.getThread("sampledThread") == null ? null
                        : e.getThread("sampledThread").getJavaName())) {
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
                stacks.merge(sb.toString(), 1L, Long::sum);
            }
        } catch (IOException | RuntimeException | StackOverflowError | InternalError | OutOfMemoryError e) {
            throw JfrFileCheck.damaged(file, chunks, at);
        }
        return new FoldedStacks(stacks);
    }
}
