package dev.brink.jfr.programs;

import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;

/** Re-stamps receipt times from one textual format to another, creating the formats per call. */
final class ReceiptStamper {
    static volatile int sink;

    private ReceiptStamper() {
    }

    static String restamp(String iso) throws ParseException {
        Date d = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT).parse(iso);
        return new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.ROOT).format(d);
    }

    static void work(long deadline) throws ParseException {
        String[] receipts = new String[512];
        SimpleDateFormat iso = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT);
        for (int i = 0; i < receipts.length; i++) {
            receipts[i] = iso.format(new Date(1_700_000_000_000L + i * 61_001L));
        }
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            sink += restamp(receipts[i++ % receipts.length]).length();
        }
    }
}
