package dev.brink.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Waits for the sample service's ready line, "Book service ready on URL (pid N)", in a child's output (the
 * sample jar itself, or {@code brink sample} starting it). A daemon thread reads the output to the end, so
 * the child never blocks on a full pipe, and keeps every line for failure messages.
 */
final class ReadyLine {
    static final Pattern READY = Pattern.compile("Book service ready on (http://127\\.0\\.0\\.1:\\d+) \\(pid (\\d+)\\)");

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Matcher> ready = new CompletableFuture<>();

    private ReadyLine() {
    }

    /** Starts reading {@code child}'s stdout (merge stderr into it to see both) on a daemon thread named {@code thread}. */
    static ReadyLine follow(Process child, String thread) {
        ReadyLine r = new ReadyLine();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    r.seen.add(line);
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        r.ready.complete(m);
                    }
                }
            } catch (IOException e) {
                r.ready.completeExceptionally(e);
            }
            r.ready.complete(null);
        }, thread);
        reader.setDaemon(true);
        reader.start();
        return r;
    }

    /**
     * The ready line's match (group 1 the base URL, group 2 the sample's pid); null when the output ended, or
     * {@code seconds} passed, without one.
     */
    Matcher await(long seconds) throws InterruptedException, ExecutionException {
        try {
            return ready.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return null;
        }
    }

    /** The lines read so far, one per line. */
    String printed() {
        return String.join("\n", seen);
    }
}
