package dev.brink.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a Brink in a child JVM: this JVM's launcher, then {@code -cp} this process's class path and
 * {@link BrinkMain}. A child must run the same JVM and the same classes as its parent: a coordinator and its workers
 * (or the demo and its probe) speak a protocol and write a run directory that only the same build reads back, and
 * {@code java.home} is the JDK this process runs on, not whatever {@code java} the PATH finds. The class path rather
 * than {@code -jar}: under Maven or an IDE there is no brink.jar, and from brink.jar the class path is that jar.
 */
final class ChildBrink {
    private ChildBrink() {
    }

    /**
     * {@code java JVM-OPTIONS -cp CLASSPATH dev.brink.cli.BrinkMain ARGS}, a new list the caller may extend. The JVM
     * options stay the caller's: each child needs its own heap and start-up trade-off (a probe of a few seconds wants
     * C1 only, a worker that drives load for minutes the full JIT).
     */
    static List<String> command(List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BrinkMain.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
