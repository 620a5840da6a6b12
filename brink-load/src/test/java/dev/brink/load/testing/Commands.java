package dev.brink.load.testing;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** A system command run to its end by a test (e.g. {@code ip netns add}), bounded in time, its output discarded. */
public final class Commands {
    private Commands() {
    }

    /** The command's exit code; -1 when it is not installed here or did not end within 20 s (then it is killed). */
    public static int run(String... cmd) throws InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) { // not installed (no iproute2: no namespaces either)
            return -1;
        }
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
