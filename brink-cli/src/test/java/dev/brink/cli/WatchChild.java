package dev.brink.cli;

import dev.brink.core.testing.ChildJvm;
import java.util.ArrayList;
import java.util.List;

/** A small target JVM for the watch/capture CLI tests: retains a little memory per tick, exits after args[0] s. */
public final class WatchChild {
    static final List<byte[]> RETAINED = new ArrayList<>();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]) * 1000;
        System.out.println("ready");
        System.out.flush();
        while (System.currentTimeMillis() < end) {
            RETAINED.add(new byte[16 * 1024]);
            for (int i = 0; i < 50; i++) sink += new byte[10 * 1024].length;
            Thread.sleep(50);
        }
    }

    /** The command that runs this class for {@code seconds} with the test JVM's java. */
    static List<String> command(int seconds) throws Exception {
        String cp = java.nio.file.Path.of(WatchChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return List.of(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", cp, WatchChild.class.getName(), Integer.toString(seconds));
    }

    /** Starts it and waits for "ready"; the caller destroys it. */
    static Process start(int seconds) throws Exception {
        return ChildJvm.start(ChildJvm.JDK17, command(seconds), ChildJvm.READY::equals).process();
    }
}
