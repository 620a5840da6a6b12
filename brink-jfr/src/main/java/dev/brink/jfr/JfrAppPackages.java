package dev.brink.jfr;

import dev.brink.core.AppPackages;
import java.io.IOException;
import java.nio.file.Path;
import jdk.jfr.consumer.EventStream;

/**
 * The recorded application's packages, from the recording itself: jdk.JVMInformation's {@code javaArguments} (the
 * main class, or the jar started with -jar, whose manifest names the application's class) and the working directory
 * a relative jar path is resolved against (jdk.InitialSystemProperty {@code user.dir}). Both are written when a chunk
 * begins, so a stream that reads only those two event types stops after the first chunk's: a small pass before the
 * analysis, whatever the recording's length. Without them (a recording whose settings left them out) the packages
 * stay unknown and {@link dev.brink.core.LibraryCode} decides alone.
 */
final class JfrAppPackages {
    private JfrAppPackages() {
    }

    static AppPackages detect(Path file) {
        String[] args = new String[1];
        String[] dir = new String[1];
        try (EventStream es = EventStream.openFile(file)) {
            es.onEvent("jdk.JVMInformation", e -> {
                if (args[0] == null) {
                    args[0] = e.getString("javaArguments");
                }
                if (dir[0] != null) {
                    es.close();
                }
            });
            es.onEvent("jdk.InitialSystemProperty", e -> {
                if ("user.dir".equals(e.getString("key")) && dir[0] == null) {
                    dir[0] = e.getString("value");
                    if (args[0] != null) {
                        es.close();
                    }
                }
            });
            es.start();
        } catch (IOException | RuntimeException e) {
            return AppPackages.UNKNOWN; // the analysis reads the file next and reports what is wrong with it
        }
        return AppPackages.fromCommand(args[0], dir[0] == null ? null : Path.of(dir[0]));
    }
}
