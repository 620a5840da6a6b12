package dev.brink.threads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

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

    /** Every dump in a gzipped test resource ("/servers/jetty-stuck-jdk17.txt.gz"), read as the file it was. */
    static List<ThreadDump> gzippedDumps(String resource) throws Exception {
        try (InputStream in = Resources.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalArgumentException("no test resource " + resource);
            byte[] text;
            try (GZIPInputStream gz = new GZIPInputStream(in)) {
                text = gz.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String name = resource.substring(resource.lastIndexOf('/') + 1);
            return ThreadDumpAnalyzer.parse(name.substring(0, name.length() - ".gz".length()), text);
        }
    }
}
