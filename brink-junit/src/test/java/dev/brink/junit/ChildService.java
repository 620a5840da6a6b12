package dev.brink.junit;

import dev.brink.junit.children.LedgerServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** A {@link LedgerServer} in a child JVM, as a test would start its service. */
final class ChildService implements AutoCloseable {
    final Process process;
    final BrinkTarget target;

    private ChildService(Process process, BrinkTarget target) {
        this.process = process;
        this.target = target;
    }

    static ChildService start(long holdMs) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), LedgerServer.class.getName(), Long.toString(holdMs), "120")
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith("PORT ")) {
                return new ChildService(p, BrinkTarget.http(Integer.parseInt(line.substring(5).trim())));
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("the child service did not start");
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
