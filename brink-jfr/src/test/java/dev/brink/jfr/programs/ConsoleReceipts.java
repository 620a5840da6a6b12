package dev.brink.jfr.programs;

import java.util.Locale;

/**
 * Clerks that print every receipt to {@code System.out} with {@code printf}: PrintStream formats under its own lock
 * (the Formatter writes into the stream as it goes), so a long formatted line is a long hold and the clerks queue on
 * the JVM's one standard output. A receipt has {@link #LINES_PER_RECEIPT} priced lines, each amount formatted with
 * {@code %,.2f}: a few milliseconds of formatting inside the lock.
 */
final class ConsoleReceipts {
    static final int LINES_PER_RECEIPT = 3000;
    private static final String FORMAT = "receipt %s: " + "%s %,.2f; ".repeat(LINES_PER_RECEIPT) + "%n";

    private ConsoleReceipts() {
    }

    static void printReceipt(String id, double[] amounts) {
        Object[] args = new Object[1 + 2 * amounts.length];
        args[0] = id;
        for (int i = 0; i < amounts.length; i++) {
            args[1 + 2 * i] = "item-" + i;
            args[2 + 2 * i] = amounts[i];
        }
        System.out.printf(Locale.ROOT, FORMAT, args);
    }

    static void work(long deadline) {
        double[] amounts = new double[LINES_PER_RECEIPT];
        int n = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int i = 0; i < amounts.length; i++) {
                amounts[i] = (n * 7919 + i * 104729) % 100_000 / 100.0;
            }
            printReceipt(Thread.currentThread().getName() + "-" + n++, amounts);
        }
    }
}
