package dev.brink.jfr.programs;

import java.util.Random;

/**
 * Written once to make committed recordings (recordings/regenerate-uploads.sh): an upload desk that assembles each
 * incoming file in one fresh byte[] of MIN_KB to MAX_KB (random, a fixed seed) in {@link #assemble}, keeps the last 6
 * for retries, and hands each on. At 2.8-3.2 MB a file is humongous in G1's 1 MB regions (over half a region): whole
 * old regions and collections of their own ("G1 Humongous Allocation"); only 8 MB regions (twice the largest, a power
 * of two) make it an ordinary young object. At 200 KB (the healthy twin) every file is an ordinary object. The retry
 * ring fills in the first second: the live set is flat. Runs SECONDS, a file every 20 ms.
 *
 * <p>Usage: {@code UploadDesk SECONDS MIN_KB MAX_KB}
 */
public final class UploadDesk {
    static final byte[][] RETRIES = new byte[6][];
    static long sink;

    private UploadDesk() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int min = Integer.parseInt(args[1]) * 1024;
        int max = Integer.parseInt(args[2]) * 1024;
        Random random = new Random(11);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
            byte[] file = assemble(min + random.nextInt(max - min + 1));
            RETRIES[n++ % RETRIES.length] = file;
            sink += file.length;
            Thread.sleep(20);
        }
        System.out.println("done, " + n + " files, " + (sink >> 20) + " MB");
    }

    /** One upload's bytes in one array, written in 64 KB chunks. */
    static byte[] assemble(int size) {
        byte[] file = new byte[size];
        for (int chunk = 0; chunk < file.length; chunk += 64 * 1024) {
            file[chunk] = (byte) chunk;
        }
        return file;
    }
}
