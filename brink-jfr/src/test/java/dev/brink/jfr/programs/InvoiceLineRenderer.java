package dev.brink.jfr.programs;

/**
 * Renders invoice lines. The defective version builds each line as a new String through StringBuilder (the bytes are
 * allocated inside the JDK: StringBuilder's growth, Arrays.copyOf, the String itself), hundreds of MB a second; the
 * fixed version writes the same digits into one reused buffer.
 */
final class InvoiceLineRenderer {
    static volatile long sink;

    private InvoiceLineRenderer() {
    }

    static String line(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            b.append("item-").append(n + i).append(';').append(n * 31 + i).append(" EUR|");
        }
        return b.toString();
    }

    static long lineInto(int n, char[] buffer) {
        int at = 0;
        for (int i = 0; i < 12; i++) {
            int v = n * 31 + i;
            do {
                buffer[at++ % buffer.length] = (char) ('0' + v % 10);
                v /= 10;
            } while (v > 0);
        }
        return at;
    }

    static void work(long deadline, boolean reuses) {
        char[] buffer = new char[512];
        int n = 0;
        while (System.currentTimeMillis() < deadline) {
            sink += reuses ? lineInto(n++, buffer) : line(n++).length();
        }
    }
}
