package dev.brink.load.http;

import dev.brink.core.Addresses;
import dev.brink.load.engine.Template;
import java.net.URI;
import java.util.Locale;

/**
 * Where a followed redirect goes. A Location is resolved as a browser resolves it (RFC 3986, against the URL
 * that answered), and followed only while it stays on the plan's target: same scheme, host and port. Brink's
 * connections all go to the target, and a load test that wandered to a login provider or a CDN would load
 * something nobody agreed to load.
 */
final class Redirect {
    private Redirect() {
    }

    /**
     * The path and query to request next, or null when {@code location} leaves the target or is no URL.
     * {@code current}: the path and query that answered with the redirect.
     */
    static String target(URI base, String current, String location) {
        try {
            URI next = base.resolve(current).resolve(location.trim());
            if (next.getScheme() == null || !next.getScheme().equalsIgnoreCase(base.getScheme())) return null;
            if (next.getHost() == null || !next.getHost().toLowerCase(Locale.ROOT).equals(base.getHost().toLowerCase(Locale.ROOT))) return null;
            if (Addresses.portOf(next) != Addresses.portOf(base)) return null;
            String path = next.getRawPath() == null || next.getRawPath().isEmpty() ? "/" : next.getRawPath();
            String target = next.getRawQuery() == null ? path : path + "?" + next.getRawQuery();
            return Template.Field.PATH.firstForbidden(target) < 0 ? target : null;
        } catch (IllegalArgumentException e) { // not a URI (a space, a bad escape): nowhere Brink can follow
            return null;
        }
    }
}
