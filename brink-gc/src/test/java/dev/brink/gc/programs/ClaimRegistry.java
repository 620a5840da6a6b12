package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * An insurance-claims service for the GC-log tests: 60 MB of working documents replaced one at a time, two workers
 * handling claims at a fixed pace, each claim registered in a static map while it is handled and about 80 KB of
 * short-lived buffers per claim. {@code leak}: a claim is never taken out of the registry again, about 3 MB a second
 * kept beside 60 MB a second of garbage; {@code healthy}: taken out when done.
 * Usage: {@code ClaimRegistry leak|healthy SECONDS}.
 */
public final class ClaimRegistry {
    static final Map<String, Claim> OPEN_CLAIMS = new HashMap<>();
    static volatile long sink;

    record Claim(String id, byte[] scan) {
    }

    private ClaimRegistry() {
    }

    public static void main(String[] args) throws Exception {
        boolean leak = args[0].equals("leak");
        long end = System.currentTimeMillis() + Long.parseLong(args[1]) * 1000;
        ExecutorService workers = Executors.newFixedThreadPool(2);
        List<byte[]> documents = new ArrayList<>();
        for (int i = 0; i < 960; i++) {
            documents.add(new byte[64 * 1024]);
        }
        Random random = new Random(3);
        long n = 0;
        while (System.currentTimeMillis() < end) {
            long tick = System.currentTimeMillis();
            List<Future<Integer>> handled = new ArrayList<>();
            for (int i = 0; i < 150; i++) { // 1500 claims a second, 2 KB each kept while open
                String id = "claim-" + n++;
                handled.add(workers.submit(() -> handle(id, leak)));
            }
            for (Future<Integer> f : handled) {
                sink += f.get();
            }
            documents.set(random.nextInt(documents.size()), new byte[64 * 1024]);
            long rest = 100 - (System.currentTimeMillis() - tick);
            if (rest > 0) {
                Thread.sleep(rest);
            }
        }
        workers.shutdown();
        System.out.println("open claims " + OPEN_CLAIMS.size());
    }

    private static int handle(String id, boolean leak) {
        Claim c = new Claim(id, new byte[2048]);
        synchronized (OPEN_CLAIMS) {
            OPEN_CLAIMS.put(id, c);
        }
        byte[][] buffers = new byte[20][];
        for (int k = 0; k < buffers.length; k++) {
            buffers[k] = new byte[4096];
        }
        if (!leak) {
            synchronized (OPEN_CLAIMS) {
                OPEN_CLAIMS.remove(id);
            }
        }
        return buffers.length;
    }
}
