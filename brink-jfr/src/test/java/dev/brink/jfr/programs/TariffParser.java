package dev.brink.jfr.programs;

/**
 * Reads tariff cells, half of which are "n/a" or "-": the defective version lets {@code Integer.parseInt} throw a
 * NumberFormatException for each and catches it (exceptions as control flow, tens of thousands a second); the fixed
 * version checks the cell's digits first.
 */
final class TariffParser {
    static volatile long sink;
    private static final String[] CELLS = {"120", "n/a", "75", "-", "3300", "n/a", "18", "-"};

    private TariffParser() {
    }

    static int cell(String text, boolean validates) {
        if (validates) {
            for (int i = 0; i < text.length(); i++) {
                if (!Character.isDigit(text.charAt(i))) {
                    return 0;
                }
            }
            return Integer.parseInt(text);
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static void work(long deadline, boolean validates) {
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 64; k++) {
                sink += cell(CELLS[i++ & 7], validates);
            }
        }
    }
}
