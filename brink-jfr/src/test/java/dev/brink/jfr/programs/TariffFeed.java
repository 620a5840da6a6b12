package dev.brink.jfr.programs;

import java.util.zip.CRC32;

/**
 * A child JVM observed through JMX: one thread checksums tariff blocks (its own hot method) while a monitoring
 * client outside the process calls its MBeans over the JMX connector, until a line arrives on stdin (the client is
 * done) or at most the given time. Prints "READY" once the worker runs and "DONE" at the end.
 *
 * <p>Usage: {@code TariffFeed MAX_MILLIS}
 */
public final class TariffFeed {
    private TariffFeed() {
    }

    public static void main(String[] args) throws Exception {
        long deadline = System.currentTimeMillis() + Long.parseLong(args[0]);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread worker = new Thread(() -> {
            long sum = 0;
            while (!stop.get() && System.currentTimeMillis() < deadline) {
                sum += checksum(sum);
            }
            System.out.println("sum " + sum);
        }, "tariff-worker-1");
        worker.start();
        System.out.println("READY");
        System.out.flush();
        new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
        stop.set(true);
        worker.join();
        System.out.println("DONE");
    }

    /** The application's own cost: a checksum of a block derived from the last one. */
    static long checksum(long seed) {
        byte[] block = new byte[4096];
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) (seed + i * 31);
        }
        CRC32 crc = new CRC32();
        crc.update(block);
        return crc.getValue();
    }
}
