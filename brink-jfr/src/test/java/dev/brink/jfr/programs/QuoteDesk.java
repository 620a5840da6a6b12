package dev.brink.jfr.programs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * A quoting desk whose capacity a lock or the CPU sets, for the hot-method rule under lock contention. Six
 * {@code quote-worker-N} threads each scrub coupon texts with regexes ({@link CouponScrubber#scrub}), price them in
 * their own code ({@link #price}), then pass one global clearing gate ({@link ClearingGate#clear}); one {@code
 * intake-1} thread decodes incoming frames on its own, a fraction of a core all along ({@link IntakeDecoder#decode}),
 * as an event loop accepts requests whether or not the workers keep up. With {@code holdMs} 0 the gate is a short
 * synchronized section and the workers run flat out (CPU-bound); with a few milliseconds held there (a remote
 * clearing call under the lock) the workers spend most of the window blocked, so their regex work is a smaller part
 * of all CPU samples but still a large part of their own.
 *
 * <p><b>Why a pass is measured in CPU time.</b> Behind the gate the workers run only between passes, so their
 * execution samples are (passes per second) × (CPU per pass) ÷ (sampling period). A pass of fixed iterations costs
 * 0.2 ms on a fast machine and 2 ms on a slow one: the fast machine recorded 3 samples of the scrubber in 3 s and the
 * finding could not be asserted. So each pass scrubs, then prices, for {@link #PASS_CPU_NS} of its thread's CPU time,
 * half each: the same pace on any machine (and the phase runs until the scrubber has its samples, {@link
 * ScenarioProgram#main}).
 */
final class QuoteDesk {
    static volatile long sink;

    private QuoteDesk() {
    }

    /** CPU time one worker spends per pass between two passages of the gate, scrubbing then pricing. */
    static final long PASS_CPU_NS = 2_000_000;
    /** The method whose samples the gated phase waits for. */
    static final String SCRUBBER = CouponScrubber.class.getName() + ".scrub";

    static void run(long deadline, long holdMs) throws InterruptedException {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        List<Thread> all = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            int seed = i;
            all.add(new Thread(() -> {
                Random rnd = new Random(seed);
                while (System.currentTimeMillis() < deadline) {
                    long t0 = cpu.getCurrentThreadCpuTime();
                    int length = 0;
                    do {
                        length += CouponScrubber.scrub(rnd).length();
                    } while (cpu.getCurrentThreadCpuTime() - t0 < PASS_CPU_NS / 2);
                    do {
                        sink += price(length);
                    } while (cpu.getCurrentThreadCpuTime() - t0 < PASS_CPU_NS);
                    ClearingGate.clear(holdMs);
                }
            }, "quote-worker-" + i));
        }
        all.add(new Thread(() -> {
            byte[] frame = new byte[4096];
            while (System.currentTimeMillis() < deadline) {
                for (int i = 0; i < 16; i++) {
                    sink += IntakeDecoder.decode(frame);
                }
                LockSupport.parkNanos(1_000_000); // the next frames arrive: a loop at a fraction of a core
            }
        }, "intake-1"));
        for (Thread t : all) {
            t.start();
        }
        for (Thread t : all) {
            t.join();
        }
    }

    /** The desk's own arithmetic, in the application's code: a short step, repeated for half of each pass. */
    static long price(int seed) {
        long p = seed;
        for (int i = 0; i < 20_000; i++) {
            p = p * 6364136223846793005L + 1442695040888963407L ^ (p >>> 29);
        }
        return p;
    }

    static final class CouponScrubber {
        private static final Pattern CODE = Pattern.compile("\\b[A-Z]{3}-\\d{4}-[A-Z0-9]{4}\\b");
        private static final Pattern PHONE = Pattern.compile("\\+?\\d{2}[ .]?\\d{3}[ .]?\\d{3}[ .]?\\d{3}");

        static String scrub(Random rnd) {
            StringBuilder b = new StringBuilder();
            for (int w = 0; w < 40; w++) {
                b.append(switch (rnd.nextInt(3)) {
                    case 0 -> "SAV-" + (1000 + rnd.nextInt(8999)) + "-X7Q" + rnd.nextInt(9);
                    case 1 -> "+33 612 " + (100 + rnd.nextInt(899)) + " 442";
                    default -> "valid until the end of the season";
                }).append(' ');
            }
            String out = b.toString();
            for (int pass = 0; pass < 4; pass++) {
                out = PHONE.matcher(CODE.matcher(out).replaceAll("***")).replaceAll("+** *** *** ***");
            }
            return out;
        }
    }

    static final class ClearingGate {
        private static final Object GATE = new Object();

        static void clear(long holdMs) {
            synchronized (GATE) {
                if (holdMs > 0) {
                    try {
                        Thread.sleep(holdMs);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }
    }

    static final class IntakeDecoder {
        static long decode(byte[] frame) {
            CRC32 crc = new CRC32();
            for (int i = 0; i < frame.length; i++) {
                frame[i] = (byte) (frame[i] * 31 + i);
            }
            crc.update(frame);
            return crc.getValue();
        }
    }
}
