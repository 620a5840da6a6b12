package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds the command line that starts brink-sample (the demo target) as its own JVM. The sample is a
 * Spring Boot fat jar that never depends on Brink; Brink only knows where the build puts it.
 */
public final class SampleLauncher {
    private final Path jar;

    public SampleLauncher(Path jar) {
        this.jar = jar;
    }

    /** The jar next to this Brink build: $brink.home/brink-sample/target/brink-sample.jar. */
    public static SampleLauncher locate() throws BrinkUserException {
        Path jar = BrinkHome.get().resolve("brink-sample/target/brink-sample.jar");
        if (!Files.isRegularFile(jar)) {
            throw new BrinkUserException("sample service jar not found at " + jar + ": build it with ./mvnw -DskipTests package");
        }
        return new SampleLauncher(jar);
    }

    public List<String> command(int port, Set<SampleDefect> defects, String heap, List<String> extraSpringArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (heap != null) {
            cmd.add("-Xmx" + heap);
        }
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.add("--server.port=" + port);
        cmd.addAll(SampleDefect.springArgs(defects));
        cmd.addAll(extraSpringArgs);
        return cmd;
    }

    /**
     * The gRPC sample (orders.proto on grpc-java, reflection on): {@code --service=grpc} makes the same jar start
     * it instead of the Spring service. {@code heap} (-Xmx) may be null; the tiny-old-gen defect brings its own.
     */
    public List<String> grpcCommand(int port, String address, Set<GrpcSampleDefect> defects, String heap, List<String> extraArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        defects.forEach(d -> cmd.addAll(d.jvmFlags()));
        if (heap != null) {
            cmd.add("-Xmx" + heap);
        }
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.add("--service=grpc");
        cmd.add("--port=" + port);
        if (address != null) {
            cmd.add("--address=" + address);
        }
        defects.forEach(d -> cmd.addAll(d.serviceArgs()));
        cmd.addAll(extraArgs);
        return cmd;
    }

    /**
     * The telemetry platform from the same jar: its own small main (no Spring), reached through Spring Boot's
     * PropertiesLauncher so the jar's nested libraries (Netty) are on its class path.
     */
    public List<String> telemetryCommand(String address, int port, int statsPort, boolean leak, String heap) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (heap != null) {
            cmd.add("-Xmx" + heap);
        }
        cmd.add("-Dloader.main=dev.brink.sample.telemetry.TelemetryServer");
        cmd.add("-cp");
        cmd.add(jar.toString());
        cmd.add("org.springframework.boot.loader.launch.PropertiesLauncher");
        if (address != null) {
            cmd.add("--address");
            cmd.add(address);
        }
        cmd.add("--port");
        cmd.add(String.valueOf(port));
        cmd.add("--stats-port");
        cmd.add(String.valueOf(statsPort));
        if (leak) {
            cmd.add("--defects");
            cmd.add("leak");
        }
        return cmd;
    }

    /** Fails with a clear line when the port is taken, instead of a Spring stack trace from the child. */
    public static void requireFreePort(int port) throws BrinkUserException {
        requireFreePort(InetAddress.getLoopbackAddress(), port);
    }

    /** As {@link #requireFreePort(int)}, on the address the service will listen on. */
    public static void requireFreePort(InetAddress address, int port) throws BrinkUserException {
        if (port == 0) {
            return;
        }
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw new BrinkUserException("port " + port + " on " + address.getHostAddress() + " is already in use: pick another with --port");
        }
    }
}
