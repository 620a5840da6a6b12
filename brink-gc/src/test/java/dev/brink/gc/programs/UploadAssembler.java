package dev.brink.gc.programs;

import java.util.Random;

/**
 * Written once to make committed GC logs (causes/regenerate.sh): an upload service that assembles each incoming file
 * in one fresh byte[] of MIN_KB to MAX_KB (random, a fixed seed), hands it on, and keeps the last 6 assembled files
 * for retries; a small header object per chunk beside it. In 1 MB G1 regions a 1.6-2.4 MB file is humongous: whole
 * old regions and a collection of its own ("G1 Humongous Allocation"), where a four-times-larger region (4 MB) still
 * leaves it humongous and only 8 MB regions make it ordinary; a 20 MB file needs 64 MB regions, which JDK 17 refuses
 * (32 MB at most) and JDK 18+ accept. The retry ring fills in the first second: the live set is flat. Runs args[0]
 * seconds, a file every 20 ms (40-120 MB/s).
 *
 * <p>Usage: {@code UploadAssembler SECONDS MIN_KB MAX_KB}
 */
public final class UploadAssembler {
    static final byte[][] RETRIES = new byte[6][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int min = Integer.parseInt(args[1]) * 1024;
        int max = Integer.parseInt(args[2]) * 1024;
        Random random = new Random(11);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
            byte[] file = new byte[min + random.nextInt(max - min + 1)];
            for (int chunk = 0; chunk < file.length; chunk += 64 * 1024) {
                long[] header = new long[16];
                header[0] = chunk;
                file[chunk] = (byte) header[0];
            }
            RETRIES[n++ % RETRIES.length] = file;
            sink += file.length;
            Thread.sleep(20);
        }
        System.out.println("done, " + n + " files, " + (sink >> 20) + " MB");
    }
}
