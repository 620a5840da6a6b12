package org.springframework.boot.loader.launch;

import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * A stand-in for Spring Boot's launcher, under its name (Boot 3.2's {@code org.springframework.boot.loader.launch}),
 * for the tests that start a JVM the way a Boot application is started by name: it reads {@code Start-Class} from the
 * manifest of the jar it was loaded from and calls that class's main, as Boot's does once its class loader is set
 * up. No Spring code: brink-jfr's tests have no Spring dependency.
 */
public final class JarLauncher {
    private JarLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(JarLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String start;
        try (JarFile j = new JarFile(jar.toFile())) {
            start = j.getManifest().getMainAttributes().getValue("Start-Class");
        }
        Class.forName(start).getMethod("main", String[].class).invoke(null, (Object) args);
    }
}
