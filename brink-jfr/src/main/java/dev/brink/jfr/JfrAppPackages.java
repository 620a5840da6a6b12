package dev.brink.jfr;

import dev.brink.core.AppPackages;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.jar.Manifest;
import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;

/**
 * The recorded application's packages, from the recording itself: jdk.JVMInformation's {@code javaArguments} (the
 * main class, or the jar started with -jar, whose manifest names the application's class) and, for a launcher,
 * jdk.InitialSystemProperty's {@code java.class.path} and {@code loader.main}. A relative jar path is resolved against
 * the analysing process's working directory, then the recording's own directory: HotSpot's initial system properties
 * do not include {@code user.dir} (they are the VM's own: {@code java.class.path}, {@code sun.java.command}, …), so
 * the recorded JVM's working directory is not in the recording, and a recording written with a relative file name
 * sits in it. Both event types are written when a chunk begins, so a stream that reads only them stops at the first
 * flush after them: a small pass before the analysis, whatever the recording's length. Without them (settings that
 * left them out) the packages stay unknown and {@link dev.brink.core.LibraryCode} decides alone.
 *
 * <p><b>A launcher as the main class.</b> Spring Boot's {@code JarLauncher} ({@code org.springframework.boot.loader.}
 * and, from Boot 3.2, {@code ….loader.launch.}), {@code PropertiesLauncher} and {@code WarLauncher} are also started
 * by name rather than with -jar: {@code java -cp app.jar org.springframework.boot.loader.launch.JarLauncher}, or, in
 * the layered images Boot's own Dockerfile builds, from the extracted jar's directory (the class path is that
 * directory, its {@code META-INF/MANIFEST.MF} the jar's manifest). The application's class is then, in this order:
 * the {@code loader.main} system property ({@code PropertiesLauncher}'s documented override of the manifest), the
 * {@code Start-Class} of the first jar or directory of {@code java.class.path} whose manifest has one — Boot's
 * packaging writes Start-Class beside the launcher's Main-Class. When none can be read (a recording read on another
 * machine), the analysis names the family most of the samples' application frames are in ({@link InferredPackages}).
 */
final class JfrAppPackages {
    private JfrAppPackages() {
    }

    /**
     * What the recording says. {@code launcher}: the main class was a launcher whose application class could not be
     * read, so the analysis infers the packages from the samples' application frames.
     */
    record Detected(AppPackages packages, boolean launcher) {
    }

    static Detected detect(Path file) {
        return detect(file, file);
    }

    /** As {@link #detect(Path)} reading {@code file}, with relative paths looked for beside {@code beside} (the user's file). */
    static Detected detect(Path file, Path beside) {
        String[] args = new String[1];
        Map<String, String> props = new HashMap<>();
        try (EventStream es = EventStream.openFile(file)) {
            Consumer<RecordedEvent> jvm = e -> {
                if (args[0] == null) {
                    args[0] = e.getString("javaArguments");
                }
            };
            Consumer<RecordedEvent> property = e -> {
                String key = e.getString("key");
                if ("java.class.path".equals(key) || "loader.main".equals(key)) {
                    props.putIfAbsent(key, e.getString("value"));
                }
            };
            for (String type : List.of("jdk.JVMInformation", EventTypes.oracle("jdk.JVMInformation"))) {
                es.onEvent(type, jvm);
            }
            for (String type : List.of("jdk.InitialSystemProperty", EventTypes.oracle("jdk.InitialSystemProperty"))) {
                es.onEvent(type, property);
            }
            // A property the JVM was started without is never written, so the wait ends with the first flush segment
            // that had the JVM's information and its class path: both are written at the chunk's start, each type's
            // events in one batch, and a segment's events are all dispatched before its flush.
            es.onFlush(() -> {
                if (args[0] != null && props.containsKey("java.class.path")) {
                    es.close();
                }
            });
            es.start();
        } catch (IOException | RuntimeException | StackOverflowError | InternalError | OutOfMemoryError e) {
            // the JDK's parser throws whatever corrupt bytes lead it to (a type that contains itself overflows the
            // stack, an empty constant pool is an InternalError); the analysis reads the file next and says where
            return new Detected(AppPackages.UNKNOWN, false);
        }
        AppPackages a = AppPackages.UNKNOWN;
        boolean launcher = args[0] != null && !args[0].isBlank() && launcher(args[0].strip().split("\\s+")[0]);
        for (Path base : bases(beside)) {
            a = launcher ? fromLauncher(props.get("loader.main"), props.get("java.class.path"), base)
                    : AppPackages.fromCommand(args[0], base);
            if (a != AppPackages.UNKNOWN) {
                break;
            }
        }
        return new Detected(a, launcher && a == AppPackages.UNKNOWN);
    }

    /** Where a relative path of the recorded command line is looked for: here, then beside the recording. */
    private static List<Path> bases(Path file) {
        Path here = Path.of("").toAbsolutePath();
        Path beside = file.toAbsolutePath().getParent();
        return beside == null || beside.equals(here) ? List.of(here) : List.of(here, beside);
    }

    /** Spring Boot's launchers, by their main class (Boot 2's {@code loader.} and Boot 3.2's {@code loader.launch.}). */
    static boolean launcher(String mainClass) {
        return mainClass.startsWith("org.springframework.boot.loader.")
                && (mainClass.endsWith(".JarLauncher") || mainClass.endsWith(".PropertiesLauncher") || mainClass.endsWith(".WarLauncher"));
    }

    /** The application class a launcher starts: {@code loader.main}, else the first Start-Class on the class path. */
    static AppPackages fromLauncher(String loaderMain, String classPath, Path dir) {
        if (loaderMain != null && !loaderMain.isBlank()) {
            AppPackages a = AppPackages.fromMainClass(loaderMain.strip());
            if (a != AppPackages.UNKNOWN) {
                return a;
            }
        }
        if (classPath == null) {
            return AppPackages.UNKNOWN;
        }
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = dir == null ? Path.of(entry) : dir.resolve(entry);
            AppPackages a = entry.endsWith(".jar") ? AppPackages.fromCommand(p.toString(), null) : fromExtracted(p);
            if (a != AppPackages.UNKNOWN) {
                return a;
            }
        }
        return AppPackages.UNKNOWN;
    }

    /** An extracted jar (a class-path directory): its META-INF/MANIFEST.MF's Start-Class. */
    private static AppPackages fromExtracted(Path dir) {
        Path mf = dir.resolve("META-INF").resolve("MANIFEST.MF");
        if (!Files.isRegularFile(mf)) {
            return AppPackages.UNKNOWN;
        }
        try (InputStream in = Files.newInputStream(mf)) {
            String start = new Manifest(in).getMainAttributes().getValue("Start-Class");
            return start == null ? AppPackages.UNKNOWN : AppPackages.fromMainClass(start.strip());
        } catch (IOException | RuntimeException e) {
            return AppPackages.UNKNOWN; // an unreadable manifest: as without one
        }
    }
}
