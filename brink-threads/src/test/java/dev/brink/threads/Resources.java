package dev.brink.threads;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Test resources as files. */
final class Resources {
    private Resources() {
    }

    static Path dump(String name) {
        URL url = Resources.class.getResource("/dumps/" + name);
        if (url == null) throw new IllegalArgumentException("no test resource dumps/" + name);
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
