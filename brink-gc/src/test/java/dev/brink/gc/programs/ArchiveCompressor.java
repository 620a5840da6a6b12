package dev.brink.gc.programs;

import java.nio.ByteBuffer;
import java.util.zip.Deflater;

/**
 * Run in a child JVM by the tests: three threads compress 256 KB archive blocks (under half a G1 region: not humongous) with Deflater while the main thread
 * allocates request garbage. With heap arrays ("heap") the native zlib code reads and writes them inside JNI critical
 * regions (GetPrimitiveArrayCritical), which hold collections back until they end: JDK 17's collectors then run
 * "GCLocker Initiated GC" collections. The twin ("direct") hands Deflater direct ByteBuffers (JDK 11+), which need
 * no critical region. Runs args[0] seconds.
 *
 * <p>Usage: {@code ArchiveCompressor SECONDS heap|direct}
 */
public final class ArchiveCompressor {
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]) * 1000;
        boolean direct = args[1].equals("direct");
        Thread[] workers = new Thread[3];
        for (int t = 0; t < workers.length; t++) {
            workers[t] = new Thread(() -> {
                byte[] block = new byte[256 << 10];
                for (int i = 0; i < block.length; i++) {
                    block[i] = (byte) (i * 31 % 251);
                }
                ByteBuffer in = ByteBuffer.allocateDirect(block.length).put(block);
                ByteBuffer out = ByteBuffer.allocateDirect(384 << 10);
                byte[] outArray = new byte[384 << 10];
                while (System.currentTimeMillis() < end) {
                    Deflater d = new Deflater(9);
                    if (direct) {
                        in.flip();
                        out.clear();
                        d.setInput(in);
                        d.finish();
                        sink += d.deflate(out);
                        in.position(in.limit()).limit(in.capacity());
                    } else {
                        d.setInput(block);
                        d.finish();
                        sink += d.deflate(outArray);
                    }
                    d.end();
                }
            }, "compressor-" + t);
            workers[t].start();
        }
        while (System.currentTimeMillis() < end) {
            byte[] garbage = new byte[4096];
            sink += garbage.length;
        }
        for (Thread w : workers) {
            w.join();
        }
    }
}
