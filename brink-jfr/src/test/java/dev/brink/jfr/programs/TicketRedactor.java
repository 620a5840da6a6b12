package dev.brink.jfr.programs;

import java.util.Random;
import java.util.regex.Pattern;

/** Masks card numbers and mail addresses in support-ticket text with regular expressions, line by line. */
final class TicketRedactor {
    private static final Pattern CARD = Pattern.compile("(?:\\d[ -]?){13,19}");
    private static final Pattern MAIL = Pattern.compile("([\\w.+-]+)@((?:[\\w-]+\\.)+[a-z]{2,})");
    static volatile int sink;

    private TicketRedactor() {
    }

    static String redact(String line) {
        String noCards = CARD.matcher(line).replaceAll("****");
        return MAIL.matcher(noCards).replaceAll("***@$2");
    }

    static void work(long deadline) {
        Random rnd = new Random(7);
        StringBuilder b = new StringBuilder();
        while (System.currentTimeMillis() < deadline) {
            b.setLength(0);
            for (int w = 0; w < 60; w++) {
                b.append(switch (rnd.nextInt(5)) {
                    case 0 -> "customer" + rnd.nextInt(999) + "@mail-" + rnd.nextInt(9) + ".example.org";
                    case 1 -> "4111 1111 " + (1000 + rnd.nextInt(8999)) + " 1111";
                    case 2 -> "order-" + rnd.nextInt(1_000_000);
                    default -> "the parcel was late again";
                }).append(' ');
            }
            sink += redact(b.toString()).length();
        }
    }
}
