package dev.brink.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One run of brink in this JVM, through {@link BrinkMain#run}, with what it printed and its exit code. */
final class BrinkRun {
    final int code;
    final String out;
    final String err;

    private BrinkRun(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code brink args…} and captures stdout and stderr as UTF-8 text. */
    static BrinkRun brink(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new BrinkRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
