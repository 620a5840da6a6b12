package dev.brink.threads.corpus;

import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Date;

/** Busy in formatting: renderers format dates and amounts with java.text and java.time, without pause. */
public final class InvoiceRenderer {
    static volatile int sink;

    static String renderLine(long n, SimpleDateFormat date, DecimalFormat money, DateTimeFormatter iso) {
        return date.format(new Date(n * 1000)) + " | " + money.format(n * 1.07) + " | "
                + iso.format(LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(n));
    }

    static void renderForever() {
        SimpleDateFormat date = new SimpleDateFormat("EEE, d MMM yyyy HH:mm:ss Z");
        DecimalFormat money = new DecimalFormat("#,##0.00 ¤");
        DateTimeFormatter iso = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
        long n = 0;
        while (true) {
            sink += renderLine(n++, date, money, iso).length();
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 2; i++) {
            Programs.start("invoice-renderer-" + i, InvoiceRenderer::renderForever);
        }
        Thread.sleep(1500);
        Programs.ready();
    }
}
