package dev.brink.report;

/** Escaping for text placed in HTML and for JSON placed inside a script element. */
final class Html {
    private Html() {
    }

    static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * JSON inside a script element: "</script" would end the element early and "<!--" would change how the HTML
     * parser reads the rest, so every "<" (only ever inside JSON strings) is written as the escape \u003c.
     */
    static String scriptJson(String json) {
        return json.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }
}
