package dev.brink.threads.child;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Assembles a report from two parts rendered as tasks of {@code parts}, waiting for both. When {@code parts} is the
 * pool the report itself runs in and every worker assembles a report, every worker waits for parts queued behind
 * them: the pool waits on itself.
 */
final class ReportAssembler {
    static volatile long sink;

    private ReportAssembler() {
    }

    static String assemble(ExecutorService parts) throws Exception {
        Future<String> header = parts.submit(() -> render("header"));
        Future<String> body = parts.submit(() -> render("body"));
        return header.get() + body.get();
    }

    static String render(String part) {
        long x = part.hashCode();
        for (int i = 0; i < 200_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink += x;
        return part + x;
    }
}
