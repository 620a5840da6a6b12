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
        cmd.addAll(grants(Runtime.version().feature()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BrinkMain.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * What a JVM of this feature release must be granted to run Brink without warnings: from JDK 24 on, a call to
     * sun.misc.Unsafe's memory methods (Netty's buffers, JEP 498) and a native library loaded from the class path
     * (Netty's epoll transport, JEP 472) each print a warning of four lines on stderr, which a worker's log and a
     * probe's merged output would carry. Both uses are intended, so the child is granted them, as the ./brink launcher
     * grants its JVM; releases before 24 do not warn, and those before 23 do not know the Unsafe option.
     */
    static List<String> grants(int feature) {
        return feature >= 24
                ? List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")
                : List.of();
    }
}
