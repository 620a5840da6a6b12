package dev.brink.core;

/** XML 1.0 text and attribute values, for the JUnit XML files Brink writes (run reports and bench comparisons). */
public final class Xml {
    private Xml() {
    }

    /**
     * {@code s} escaped for element text or a double- or single-quoted attribute. Control characters other than
     * tab, LF and CR are dropped: XML 1.0 forbids them even as character references, and a CI server that parses
     * junit.xml would reject the whole file for one of them (a NUL in a reason copied from a response).
     */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
