package dev.brink.core;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The one place where addresses the user types are validated, so every command and the plan accept and
 * reject the same ones: {@code http(s)://host[:port][/path]} URLs and {@code host:port} pairs, ports 1..65535.
 * Rejections are {@link BrinkUserException}s naming the value (cut) and what was expected.
 */
public final class Addresses {
    public static final String EXPECTED_URL = "an http:// or https://host:port/path URL with a port from 1 to 65535";
    public static final String EXPECTED_HOST_PORT = "host:port with a port from 1 to 65535, like 127.0.0.1:9010";

    private Addresses() {
    }

    /** An http or https URL with a host and a valid (or no) port; {@code what} names it in the message ("URL", "target.base_url"). */
    public static URI httpUrl(String text, String what) throws BrinkUserException {
        String t = text == null ? "" : text.trim();
        URI u;
        try {
            u = new URI(t);
        } catch (URISyntaxException e) {
            throw bad(what, text, EXPECTED_URL + "; " + e.getReason() + " at index " + e.getIndex());
        }
        if (!"http".equalsIgnoreCase(u.getScheme()) && !"https".equalsIgnoreCase(u.getScheme()) || u.getHost() == null) {
            // URI leaves host null for a port it cannot parse (http://h:99x/); say which part is wrong
            throw bad(what, text, EXPECTED_URL);
        }
        if (u.getPort() != -1 && !validPort(u.getPort())) throw bad(what, text, EXPECTED_URL);
        if (u.getRawAuthority() != null && u.getRawAuthority().endsWith(":")) throw bad(what, text, EXPECTED_URL);
        return u;
    }

    /** The port {@code u} names, or its scheme's default: 443 for https, else 80. */
    public static int portOf(URI u) {
        return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }

    /** A {@code host:port} (or {@code [v6]:port}) pair. */
    public static HostPort hostPort(String text, String what) throws BrinkUserException {
        String t = text == null ? "" : text.trim();
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1 || t.chars().anyMatch(c -> c <= ' ' || c == 0x7F)) {
            throw bad(what, text, EXPECTED_HOST_PORT);
        }
        int port = port(t.substring(colon + 1));
        if (port < 0) throw bad(what, text, EXPECTED_HOST_PORT);
        return new HostPort(t.substring(0, colon), port);
    }

    /** The port in {@code text} (decimal, 1..65535), or -1. */
    public static int port(String text) {
        if (text == null || text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) return -1;
        int p = Integer.parseInt(text);
        return validPort(p) ? p : -1;
    }

    public static boolean validPort(int port) {
        return port >= 1 && port <= 65535;
    }

    private static BrinkUserException bad(String what, String text, String expected) {
        return new BrinkUserException("bad " + what + " '" + UserText.quote(String.valueOf(text)) + "': expected " + expected);
    }

    /** A validated host and port. */
    public record HostPort(String host, int port) {
        public HostPort {
            if (host == null || host.isEmpty()) throw new IllegalArgumentException("host");
            if (!validPort(port)) throw new IllegalArgumentException("port 1..65535, was " + port);
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }
}
