package dev.brink.threads.corpus;

import java.util.regex.Pattern;

/** Busy in regex: two masking workers rewrite log lines with several patterns, without pause. */
public final class LogMasker {
    static final Pattern CARD = Pattern.compile("\\b(\\d{4})[ -]?(\\d{4})[ -]?(\\d{4})[ -]?(\\d{4})\\b");
    static final Pattern EMAIL = Pattern.compile("([A-Za-z0-9._%+-]+)@([A-Za-z0-9.-]+\\.[A-Za-z]{2,})");
    static final Pattern TOKEN = Pattern.compile("(?i)(token|secret|password)=([^&\\s]+)");
    static volatile int sink;

    static String mask(String line) {
        String s = CARD.matcher(line).replaceAll("****-****-****-$4");
        s = EMAIL.matcher(s).replaceAll("***@$2");
        return TOKEN.matcher(s).replaceAll("$1=***");
    }

    static void maskForever(int worker) {
        long n = 0;
        while (true) {
            String line = "order " + (n++) + " paid with 4111 1111 1111 " + (1000 + worker) + " by jane.doe" + n
                    + "@example.org token=abc" + n + "&x=1";
            sink += mask(line).length();
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 2; i++) {
            int w = i;
            Programs.start("log-masker-" + i, () -> maskForever(w));
        }
        Programs.start("progress-log", () -> {
            while (true) {
                Thread.sleep(700);
                System.out.println("INFO LogMasker - masked lines, checksum " + sink);
            }
        });
        Thread.sleep(1500);
        Programs.ready();
    }
}
