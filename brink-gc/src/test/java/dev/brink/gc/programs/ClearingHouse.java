package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Run once to write committed logs (see gc-logs/causes/regenerate.sh): a clearing house that settles trades, each
 * leaving a 2 KB record, beside args[3] KB a second of short-lived 1 KB work objects allocated in between. In the
 * "leak" variant each record is kept forever, args[2] KB of them a second. In the "steady" twin args[4] MB of records
 * are filled at start and then replaced one for one at the same pace: a large live set that stops growing, the same
 * allocation, and the replaced records' garbage left scattered among the live ones. Runs args[0] seconds.
 *
 * <p>Usage: {@code ClearingHouse SECONDS leak|steady KB_PER_SECOND WORK_KB_PER_SECOND [STEADY_MB]}
 */
public final class ClearingHouse {
    static final int RECORD = 2048;
    /** The work objects escape through here, so the JIT cannot leave them off the heap. */
    static final byte[][] DESK = new byte[64][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        boolean leak = args[1].equals("leak");
        long perSecond = Long.parseLong(args[2]) * 1024 / RECORD;
        long workPerSecond = Long.parseLong(args[3]);
        List<byte[]> book = new ArrayList<>();
        Random random = new Random(42);
        if (!leak) {
            long steady = Long.parseLong(args[4]) * 1024 * 1024 / RECORD;
            for (int i = 0; i < steady; i++) {
                book.add(new byte[RECORD]);
            }
        }
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long settled = 0;
        long worked = 0;
        while (System.nanoTime() < end) {
            long elapsed = System.nanoTime() - start;
            long due = elapsed * perSecond / 1_000_000_000L;
            long workDue = elapsed * workPerSecond / 1_000_000_000L;
            while (settled < due || worked < workDue) {
                if (settled < due) {
                    byte[] record = new byte[RECORD];
                    if (leak) {
                        book.add(record);
                    } else {
                        book.set(random.nextInt(book.size()), record);
                    }
                    settled++;
                }
                if (worked < workDue) {
                    DESK[(int) (sink++ & 63)] = new byte[1024];
                    worked++;
                }
            }
            Thread.sleep(1);
        }
        System.out.println("settled " + settled + ", book " + book.size());
    }
}
