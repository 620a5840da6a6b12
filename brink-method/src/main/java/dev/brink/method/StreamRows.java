package dev.brink.method;

import dev.brink.core.evidence.StreamTimingLine;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The console rows of a step's server-streaming calls, under the step's own line: a call's p99 alone hides how its
 * messages came (a late first message, a stop inside a stream), so each streaming operation gets one row with the
 * time to the first message, to each message, between messages and to the call's end (streams.jsonl has them all).
 */
final class StreamRows {
    private StreamRows() {
    }

    static void print(PrintWriter console, List<StreamTimingLine> streams) {
        for (StreamTimingLine s : streams) {
            console.printf(Locale.ROOT, "         stream %-17s %5.1f msg/call  p99 ms: first msg %.1f  each msg %.1f  gap %.1f"
                            + "  call %.1f%n", s.operation(), s.messagesPerCall(), s.firstMessage().p99(), s.message().p99(),
                    s.gap().p99(), s.total().p99());
        }
    }
}
