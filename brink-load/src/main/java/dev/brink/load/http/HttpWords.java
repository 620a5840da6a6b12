package dev.brink.load.http;

import java.util.regex.Pattern;

/**
 * The words of an HTTP request a plan accepts: a header name is RFC 9110's token, a method one of those Brink sends.
 * The plan reader refuses anything else, so the importers (HAR, JMeter) drop and list what a recording holds beyond
 * them instead of writing a plan that does not read back.
 */
public final class HttpWords {
    public static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    public static final Pattern METHOD = Pattern.compile("GET|POST|PUT|DELETE|PATCH|OPTIONS");

    private HttpWords() {
    }

    public static boolean isHeaderName(String s) {
        return s != null && TOKEN.matcher(s).matches();
    }

    /** An upper-case method a plan can send. */
    public static boolean isPlanMethod(String s) {
        return s != null && METHOD.matcher(s).matches();
    }
}
