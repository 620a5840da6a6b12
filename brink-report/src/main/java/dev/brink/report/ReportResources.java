package dev.brink.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** The page's own CSS and script, and the uPlot version the build bundled (filtered from the POM). */
final class ReportResources {
    static final String UPLOT_VERSION = properties().getProperty("uplot.version");

    private ReportResources() {
    }

    static String text(String name) {
        try (InputStream in = ReportResources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = ReportResources.class.getResourceAsStream("report.properties")) {
            p.load(in);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("missing report.properties", e);
        }
        return p;
    }
}
