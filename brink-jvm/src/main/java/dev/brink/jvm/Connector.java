package dev.brink.jvm;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.net.MalformedURLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Opens a {@link JvmConnection} for each kind of target. Every failure a user can cause (no such
 * process, not a JVM, attach refused, wrong address, wrong password, launched command died) becomes a
 * one-line {@link BrinkUserException}; credentials never appear in a message.
 */
final class Connector {
    static final String ENV_USER = "BRINK_JMX_USER";
    static final String ENV_PASSWORD = "BRINK_JMX_PASSWORD";
    /** An unreachable host can make RMI wait for minutes; a user wants an answer sooner. */
    private static final long CONNECT_TIMEOUT_S = 20;
    private static final long LAUNCH_ATTACH_TIMEOUT_MS = 60_000;

    private Connector() {
    }

    static JvmConnection open(JvmTarget target) throws BrinkUserException {
        return open(target, System::getenv);
    }

    /** {@code env} looks up the credential variables (tests pass their own instead of the process environment). */
    static JvmConnection open(JvmTarget target, Function<String, String> env) throws BrinkUserException {
        if (target instanceof JvmTarget.Local l) {
            return attach(l.pid(), null);
        } else if (target instanceof JvmTarget.Remote r) {
            return remote(r, env);
        } else {
            return launch((JvmTarget.Launch) target);
        }
    }

    private static JvmConnection attach(long pid, Process launched) throws BrinkUserException {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == Boolean.FALSE) {
            throw new BrinkUserException("no running process with PID " + pid);
        }
        if (!looksLikeJvm(pid)) {
            throw new BrinkUserException("PID " + pid + " is not a JVM (no libjvm in /proc/" + pid + "/maps)");
        }
        String address;
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException e) {
            throw new BrinkUserException("PID " + pid + " is not a JVM Brink can attach to (another user's process, "
                    + "or started with -XX:+DisableAttachMechanism): " + oneLine(e));
        } catch (IOException e) {
            throw new BrinkUserException("attach to PID " + pid + " refused: " + oneLine(e));
        }
        try {
            address = vm.startLocalManagementAgent();
        } catch (IOException e) {
            throw new BrinkUserException("PID " + pid + " refused to start its local JMX agent: " + oneLine(e));
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // the JMX address is all we needed from the attach channel
            }
        }
        try {
            return new JvmConnection(connect(new JMXServiceURL(address), Map.of(), "PID " + pid), pid, launched, "pid " + pid);
        } catch (IOException e) {
            throw new BrinkUserException("JMX connection to PID " + pid + " failed: " + oneLine(e));
        }
    }

    private static JvmConnection remote(JvmTarget.Remote r, Function<String, String> getenv) throws BrinkUserException {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL(r.serviceUrl());
        } catch (MalformedURLException e) {
            throw new BrinkUserException("bad JMX address '" + r.display() + "': " + oneLine(e));
        }
        Map<String, Object> env = new HashMap<>();
        String user = getenv.apply(ENV_USER);
        if (user != null && !user.isEmpty()) {
            String pw = getenv.apply(ENV_PASSWORD);
            env.put(JMXConnector.CREDENTIALS, new String[] {user, pw == null ? "" : pw});
        }
        try {
            return new JvmConnection(connect(url, env, r.display()), -1, null, r.display());
        } catch (IOException e) {
            throw new BrinkUserException("JMX connection to " + r.display() + " failed: " + oneLine(e));
        }
    }

    private static JMXConnector connect(JMXServiceURL url, Map<String, ?> env, String who) throws BrinkUserException {
        ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "brink-jmx-connect");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<JMXConnector> f = ex.submit(() -> JMXConnectorFactory.connect(url, env));
            return f.get(CONNECT_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new BrinkUserException("cannot connect to JMX at " + who + ": no answer within " + CONNECT_TIMEOUT_S + " s");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof SecurityException) {
                throw new BrinkUserException("JMX at " + who + " rejected the credentials (set " + ENV_USER + " and " + ENV_PASSWORD + ")");
            }
            throw new BrinkUserException("cannot connect to JMX at " + who + ": " + oneLine(c));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrinkUserException("interrupted while connecting to JMX at " + who);
        } finally {
            ex.shutdownNow();
        }
    }

    /**
     * Starts the command with Brink's agent in it ({@link LaunchAgent}): a JMX connector bound to 127.0.0.1 only (never
     * the JDK's local agent, whose port listens on every address) and a watchdog that ends the JVM when Brink is gone.
     * Connects to the address the agent of the launched JVM (or of the first JVM a launcher script starts) reports.
     */
    private static JvmConnection launch(JvmTarget.Launch l) throws BrinkUserException {
        Process p;
        Path reports;
        try {
            reports = Files.createTempDirectory("brink-jmx-");
            reports.toFile().deleteOnExit();
            ProcessBuilder pb = LaunchAgent.builder(l.command(), reports);
            if (l.output() == null) {
                pb.inheritIO();
            } else {
                pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(l.output().toFile()));
            }
            p = pb.start();
        } catch (IOException e) {
            throw new BrinkUserException("cannot start '" + l.command().get(0) + "': " + oneLine(e));
        }
        try {
            long deadline = System.currentTimeMillis() + LAUNCH_ATTACH_TIMEOUT_MS;
            BrinkUserException last = null;
            while (System.currentTimeMillis() < deadline) {
                if (!p.isAlive()) {
                    throw new BrinkUserException("launched command exited with code " + p.exitValue() + " before Brink could connect");
                }
                LaunchAgent.Reported r = LaunchAgent.reported(reports, p);
                if (r != null) {
                    try {
                        return new JvmConnection(connect(new JMXServiceURL(r.address()), Map.of(), "PID " + r.pid()), r.pid(), p,
                                "pid " + r.pid()).removingOnClose(reports);
                    } catch (BrinkUserException e) {
                        last = e; // a connector that has just started may refuse for a moment
                    }
                }
                Thread.sleep(200);
            }
            throw last != null ? last : new BrinkUserException("launched command started no JVM Brink could observe within "
                    + LAUNCH_ATTACH_TIMEOUT_MS / 1000 + " s (Brink's agent reported no JMX address)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            JvmConnection.stop(p);
            throw new BrinkUserException("interrupted while connecting to the launched command");
        } catch (IOException e) {
            JvmConnection.stop(p);
            throw new BrinkUserException("JMX connection to the launched command failed: " + oneLine(e));
        } catch (BrinkUserException | RuntimeException e) {
            JvmConnection.stop(p);
            throw e;
        }
    }

    /**
     * Whether attaching is safe to try. HotSpot's attach signals the process with SIGQUIT, which kills a
     * process that is not a JVM, so a PID that is neither a listed JVM (hsperfdata) nor maps libjvm is
     * refused up front. Where /proc cannot tell (another OS, another user's process), attach decides.
     */
    private static boolean looksLikeJvm(long pid) {
        String id = Long.toString(pid);
        if (VirtualMachine.list().stream().anyMatch(d -> d.id().equals(id))) {
            return true;
        }
        Path maps = Path.of("/proc", id, "maps");
        try (Stream<String> lines = Files.lines(maps)) {
            return lines.anyMatch(l -> l.contains("/libjvm."));
        } catch (IOException | UncheckedIOException | SecurityException e) {
            return true;
        }
    }

    /** The innermost cause's message, first line only: RMI nests exceptions into multi-line text. */
    static String oneLine(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        String m = c.getMessage() == null || c.getMessage().isBlank() ? c.getClass().getSimpleName() : c.getMessage();
        int nl = m.indexOf('\n');
        return (nl >= 0 ? m.substring(0, nl) : m).trim();
    }
}
