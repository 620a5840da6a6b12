package dev.brink.jfr;

import dev.brink.core.AppPackages;
import java.util.List;
import java.util.Locale;

/**
 * The application's packages inferred from a recording's stacks, for a JVM started by a launcher whose application
 * class could not be read ({@link JfrAppPackages}): the execution and allocation samples' application frames (code
 * outside the JDK and the known libraries, {@link dev.brink.core.LibraryCode}) by package family ({@link #family});
 * the most common family is reported as the application's packages, the source saying it was inferred. Frames are
 * classified as before: the inference names the packages, it does not change which frames are the application's.
 */
final class InferredPackages {
    private final Tally families = new Tally();

    /** One sample's first application frame (a marker such as {@link StackView#NO_APP_FRAME}, "(…)", is passed over). */
    void frame(String appFrame) {
        String family = appFrame.startsWith("(") ? null : family(appFrame);
        if (family != null) {
            families.add(family, 1, null);
        }
    }

    /** The most common family, or {@code known}'s packages when no sample had an application frame. */
    List<String> packages(AppPackages known) {
        return families.totalCount() == 0 ? known.packages() : List.of(families.top(1).get(0).key());
    }

    String source(AppPackages known) {
        if (families.totalCount() == 0) {
            return known.source();
        }
        return String.format(Locale.ROOT, "inferred: %.0f %% of the samples' application frames (the main class is a"
                + " launcher whose jar could not be read)", 100.0 * families.top(1).get(0).count() / families.totalCount());
    }

    /**
     * A frame's package family: its class's package cut to three names ("com.acme.orders" for
     * "com.acme.orders.web.OrderController.list"), the reverse domain and product most applications are named by, so
     * the web, service and repository packages of one application count together. Null in the default package.
     */
    static String family(String frame) {
        int method = frame.lastIndexOf('.');
        int cls = method > 0 ? frame.lastIndexOf('.', method - 1) : -1;
        if (cls <= 0) {
            return null;
        }
        String pkg = frame.substring(0, cls);
        int cut = -1;
        for (int names = 1; (cut = pkg.indexOf('.', cut + 1)) >= 0; names++) {
            if (names == 3) {
                return pkg.substring(0, cut);
            }
        }
        return pkg;
    }
}
