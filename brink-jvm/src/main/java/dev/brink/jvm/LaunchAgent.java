package dev.brink.jvm;

import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Puts {@code dev.brink.jvm.agent.BrinkAgent} into a JVM Brink launches: a loopback-only JMX connector whose address
 * the agent writes into a directory Brink names, and a watchdog that exits the JVM once this Brink process is gone
 * (see the agent's class comment). The agent jar is written once per Brink process, from the agent's class files on
 * Brink's own class path, into the temporary directory (deleted at exit). A {@code java} command gets
 * {@code -javaagent:} right after the executable; any other command (a script that starts the JVM) gets it through
 * {@code JAVA_TOOL_OPTIONS}, which every JVM the script starts reads (each then reports its own address, by pid).
 *
 * <p>The agent's classes are compiled for Java 8 by a compiler execution of their own and are named here only as
 * resources: naming them in code would compile them again, for this module's Java 17.
 */
final class LaunchAgent {
    private static final String PACKAGE = "dev/brink/jvm/agent/";
    private static final List<String> CLASSES = List.of("BrinkAgent", "LoopbackServerSocketFactory", "LoopbackClientSocketFactory",
            "Watchdog", "ExitWhenDone");
    private static final String PREFIX = "jmx-";
    private static Path jar;

    private LaunchAgent() {
    }

    /** The process builder of {@code command} with the agent in it, reporting into {@code dir}. */
    static ProcessBuilder builder(List<String> command, Path dir) throws BrinkUserException {
        String option = "-javaagent:" + jar() + "=" + args(dir);
        List<String> cmd = new ArrayList<>(command);
        Path exe = Path.of(command.get(0)).getFileName();
        boolean java = exe != null && (exe.toString().equals("java") || exe.toString().equals("java.exe"));
        if (java) {
            cmd.add(1, option);
        }
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (!java) {
            Map<String, String> env = pb.environment();
            String before = env.get("JAVA_TOOL_OPTIONS");
            env.put("JAVA_TOOL_OPTIONS", (before == null || before.isBlank() ? "" : before + " ") + option);
        }
        return pb;
    }

    /** Brink's pid and start instant (the watchdog's check that it is this Brink) and the directory, URL-encoded. */
    private static String args(Path dir) {
        ProcessHandle me = ProcessHandle.current();
        long start = me.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
        return "ppid=" + me.pid() + ",pstart=" + start + ",dir=" + URLEncoder.encode(dir.toAbsolutePath().toString(), StandardCharsets.UTF_8);
    }

    /**
     * The address the agent of the launched process (or of one of its descendants) wrote, with that JVM's pid; null
     * while none did. The launched process itself first, then a live descendant.
     */
    static Reported reported(Path dir, Process p) throws IOException {
        List<Reported> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (!name.startsWith(PREFIX) || !name.endsWith(".url")) continue;
                long pid = Long.parseLong(name.substring(PREFIX.length(), name.length() - 4));
                all.add(new Reported(pid, Files.readString(f, StandardCharsets.UTF_8).strip()));
            }
        }
        for (Reported r : all) {
            if (r.pid() == p.pid()) return r;
        }
        List<Long> descendants = p.descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
        return all.stream().filter(r -> descendants.contains(r.pid())).findFirst().orElse(null);
    }

    /** A JVM's pid and its connector's JMX service URL. */
    record Reported(long pid, String address) {
    }

    private static synchronized Path jar() throws BrinkUserException {
        if (jar != null && Files.isRegularFile(jar)) return jar;
        try {
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            if (tmp.toString().contains(" ")) tmp = Path.of("/tmp"); // JAVA_TOOL_OPTIONS splits its options on spaces
            Path out = Files.createTempFile(tmp, "brink-agent-", ".jar");
            out.toFile().deleteOnExit();
            Manifest m = new Manifest();
            m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            m.getMainAttributes().putValue("Premain-Class", "dev.brink.jvm.agent.BrinkAgent");
            m.getMainAttributes().putValue("Agent-Class", "dev.brink.jvm.agent.BrinkAgent");
            try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(out), m)) {
                for (String c : CLASSES) {
                    String entry = PACKAGE + c + ".class";
                    try (InputStream in = LaunchAgent.class.getClassLoader().getResourceAsStream(entry)) {
                        if (in == null) throw new IllegalStateException("the agent class " + entry + " is not on Brink's class path");
                        j.putNextEntry(new JarEntry(entry));
                        in.transferTo(j);
                        j.closeEntry();
                    }
                }
            }
            jar = out;
            return out;
        } catch (IOException e) {
            throw new BrinkUserException("cannot write Brink's agent jar into " + System.getProperty("java.io.tmpdir") + ": " + e.getMessage());
        }
    }
}
