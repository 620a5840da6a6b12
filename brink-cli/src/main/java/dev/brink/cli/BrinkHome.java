package dev.brink.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where this Brink checkout lives: -Dbrink.home (set by ./brink), else derived from brink.jar's location. */
final class BrinkHome {
    private BrinkHome() {
    }

    static Path get() {
        String prop = System.getProperty("brink.home");
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        try {
            Path jar = Path.of(BrinkHome.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // brink-cli/target/brink.jar → the checkout is two levels above target/
            Path p = Files.isRegularFile(jar) ? jar.getParent() : jar;
            return p.getParent().getParent().toAbsolutePath().normalize();
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("").toAbsolutePath();
        }
    }
}
