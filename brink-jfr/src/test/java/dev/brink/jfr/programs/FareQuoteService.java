package dev.brink.jfr.programs;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A child JVM for FareRecordingsTest: a fare-quote service whose costs all go through code the JDK generates or runs
 * on the application's behalf, printing {@code PHASE name startEpochMs endEpochMs} after each phase. A phase runs for
 * the given time, then on in thirds of it until its threads have {@link #PHASE_SAMPLES} execution samples (at most
 * {@link #MAX_STRETCH} times as long), as {@link ScenarioProgram}'s do.
 * <ul>
 *   <li>{@code parse}: fare codes parsed in a Stream by method references ({@code map(Integer::valueOf)}), every
 *   other batch holding a bad code, so Integer.parseInt throws a NumberFormatException out of the pipeline that
 *   {@link #parseFares} catches — tens of thousands a second.</li>
 *   <li>{@code parse-fixed}: the same pipeline with the codes checked first by a method reference to the service's own
 *   {@link #wellFormed} (a regex): no exception.</li>
 *   <li>{@code render}: fares rendered in a Stream of method references only ({@code BigDecimal::valueOf},
 *   {@code CENT::multiply}, {@code BigDecimal::toPlainString}): the bytes are the JDK's, asked for by {@link #renderFares}.</li>
 *   <li>{@code rules}: fare rules called through a dynamic proxy of a package-private interface (its class is
 *   generated into this package) whose handler rejects every other fare with a checked exception the interface does
 *   not declare — the proxy wraps each in an UndeclaredThrowableException that {@link #applyRules} catches — while a
 *   second thread reads each fare's tiers from an annotation (an annotation is a proxy too; its String[] is cloned
 *   per read) in {@link #tiersOf}.</li>
 *   <li>{@code parallel}: a batch of 2,000 codes, the last one bad, parsed by a parallel Stream of
 *   {@code map(Integer::valueOf)}: the common ForkJoin pool's workers run the method reference with no method of the
 *   service's on their stacks ({@link #parseParallel} runs on the batch thread).</li>
 *   <li>{@code seats}: seats booked from their codes, a third of which have no row: the constructor of the
 *   service's {@code Seat} throws the service's {@code UnknownSeat} (an IllegalStateException), which
 *   {@link #bookSeat} catches. {@code cabins}: the same, the constructor throwing the JDK's IllegalArgumentException.</li>
 *   <li>{@code vthreads} (JDK 21+; on older JDKs the phase is skipped and not printed): the parse phase's work on
 *   virtual threads.</li>
 * </ul>
 * Usage: {@code FareQuoteService PHASE_MS parse,parse-fixed,render,rules,seats,cabins,vthreads,parallel}
 */
public final class FareQuoteService {
    static volatile long sink;
    private static final String[][] BATCHES = {{"120", "75", "3300"}, {"18", "n/a", "410"}, {"90", "260", "14"}, {"5", "77", "-"}};
    private static final BigDecimal CENT = new BigDecimal("0.01");
    private static final Pattern FARE_CODE = Pattern.compile("(?:[1-9][0-9]{0,4}|0)");
    private static final long[] AMOUNTS = {129_900L, 4_550L, 78_025L, 310_000L, 1_999L, 65_432L, 12_000L, 987_654L};

    /** Execution samples of its own threads each phase waits for: four times what a hot-method finding needs. */
    static final int PHASE_SAMPLES = 40;
    static final int MAX_STRETCH = 4;

    private FareQuoteService() {
    }

    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        try (SampleCount samples = new SampleCount()) {
            for (String phase : args[1].split(",")) {
                if (phase.equals("vthreads") && Runtime.version().feature() < 21) {
                    System.out.println("SKIPPED vthreads: JDK " + Runtime.version().feature());
                    continue;
                }
                long start = System.currentTimeMillis();
                long cap = start + phaseMs * MAX_STRETCH;
                // virtual threads have no name: every thread's samples count (the others are idle)
                samples.watch(phase.equals("vthreads") ? "" : "fare-", null);
                long deadline = start + phaseMs;
                do {
                    run(phase, deadline);
                    deadline = System.currentTimeMillis() + phaseMs / 3;
                } while (samples.count() < PHASE_SAMPLES && System.currentTimeMillis() < cap);
                System.out.println("PHASE " + phase + " " + start + " " + System.currentTimeMillis());
            }
        }
    }

    private static void run(String phase, long deadline) throws Exception {
        switch (phase) {
            case "parse" -> threads("fare-parser", 2, () -> parseLoop(deadline, false));
            case "parse-fixed" -> threads("fare-parser", 2, () -> parseLoop(deadline, true));
            case "render" -> threads("fare-renderer", 2, () -> renderLoop(deadline));
            case "rules" -> {
                Thread tiers = new Thread(() -> tierLoop(deadline), "fare-tiers-1");
                tiers.start();
                threads("fare-rules", 1, () -> rulesLoop(deadline));
                tiers.join();
            }
            case "parallel" -> threads("fare-batch", 1, () -> parallelLoop(deadline));
            case "vthreads" -> virtualThreads(2, () -> parseLoop(deadline, false));
            case "seats" -> threads("fare-seats", 2, () -> seatLoop(deadline, false));
            case "cabins" -> threads("fare-cabins", 2, () -> seatLoop(deadline, true));
            default -> throw new IllegalArgumentException("unknown phase " + phase);
        }
    }

    private static void threads(String name, int n, Runnable body) throws InterruptedException {
        List<Thread> all = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Thread t = new Thread(body, name + "-" + i);
            t.start();
            all.add(t);
        }
        for (Thread t : all) {
            t.join();
        }
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()}, by reflection: the tests compile for Java 17. */
    private static void virtualThreads(int n, Runnable body) throws Exception {
        ExecutorService vts = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                fs.add(vts.submit(body));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            vts.shutdown();
        }
    }

    static void parseLoop(long deadline, boolean checked) {
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 64; k++) {
                sink += parseFares(BATCHES[i++ & 3], checked);
            }
        }
    }

    /** The service's own exception: a seat code that no cabin has. */
    static final class UnknownSeat extends IllegalStateException {
        UnknownSeat(String code) {
            super("no such seat: " + code);
        }
    }

    /**
     * A seat parsed from its code; its constructor throws, on a code without a row number, the service's own
     * {@link UnknownSeat} or (in cabins) the JDK's IllegalArgumentException. The constructor is the code that throws:
     * neither this class nor its frame is the exception's.
     */
    static final class Seat {
        final int row;

        Seat(String code, boolean jdkException) {
            int digits = 0;
            while (digits < code.length() && Character.isDigit(code.charAt(digits))) {
                digits++;
            }
            if (digits == 0) {
                if (jdkException) {
                    throw new IllegalArgumentException("no row in seat " + code);
                }
                throw new UnknownSeat(code);
            }
            row = Integer.parseInt(code, 0, digits, 10);
        }
    }

    private static final String[] SEATS = {"12A", "AISLE", "3C", "—", "27F", "EXIT"};

    static void seatLoop(long deadline, boolean jdkException) {
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 64; k++) {
                sink += bookSeat(SEATS[i++ % SEATS.length], jdkException);
            }
        }
    }

    /** The seat's row, or -1 when its code has none (Seat's constructor threw). */
    static int bookSeat(String code, boolean jdkException) {
        try {
            return new Seat(code, jdkException).row;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The batch's total in cents, or -1 when a code is not a number (thrown inside Integer.parseInt). */
    static int parseFares(String[] codes, boolean checked) {
        try {
            return checked
                    ? Arrays.stream(codes).filter(FareQuoteService::wellFormed).map(Integer::valueOf).mapToInt(Integer::intValue).sum()
                    : Arrays.stream(codes).map(Integer::valueOf).mapToInt(Integer::intValue).sum();
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static void parallelLoop(long deadline) {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            codes.add(i == 1999 ? "n/a" : String.valueOf(i));
        }
        while (System.currentTimeMillis() < deadline) {
            sink += parseParallel(codes);
        }
    }

    /** The batch's total, or -1 when a code is not a number; parsed by the common pool's threads as well as this one. */
    static int parseParallel(List<String> codes) {
        try {
            return codes.parallelStream().map(Integer::valueOf).mapToInt(Integer::intValue).sum();
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A fare code: a number of cents without leading zeros, checked by a regex. */
    static boolean wellFormed(String code) {
        return FARE_CODE.matcher(code).matches();
    }

    static void renderLoop(long deadline) {
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 16; k++) {
                sink += renderFares(AMOUNTS).length();
            }
        }
    }

    /** "1299.00;45.50;…": every step a method reference into BigDecimal, the joining a JDK collector. */
    static String renderFares(long[] cents) {
        return Arrays.stream(cents).mapToObj(BigDecimal::valueOf).map(CENT::multiply).map(BigDecimal::toPlainString)
                .collect(Collectors.joining(";"));
    }

    /** A fare rule. Package-private, so its proxy class is generated into this package. */
    interface FareRule {
        int apply(int cents);
    }

    /** A fare the carrier does not sell; one instance, thrown again each time (no stack of its own to fill). */
    static final class FareBlockedException extends Exception {
        static final FareBlockedException BLOCKED = new FareBlockedException();

        private FareBlockedException() {
            super("blocked fare", null, false, false);
        }
    }

    /** The rules' handler: odd fares pass with a cent off, even ones are blocked (a checked exception FareRule lacks). */
    static final class RuleGuard implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            int cents = (Integer) args[0];
            if ((cents & 1) == 0) {
                throw FareBlockedException.BLOCKED;
            }
            return cents - 1;
        }
    }

    static void rulesLoop(long deadline) {
        FareRule rule = (FareRule) Proxy.newProxyInstance(FareRule.class.getClassLoader(), new Class<?>[] {FareRule.class}, new RuleGuard());
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 64; k++) {
                sink += applyRules(rule, i++);
            }
        }
    }

    /** The fare after its rule, or 0 when the rule blocked it (the proxy's UndeclaredThrowableException). */
    static int applyRules(FareRule rule, int cents) {
        try {
            return rule.apply(cents);
        } catch (UndeclaredThrowableException e) {
            return 0;
        }
    }

    /** The tiers a fare class is sold in. Package-private: its proxy class is generated into this package too. */
    @Retention(RetentionPolicy.RUNTIME)
    @interface Tier {
        String[] value();
    }

    @Tier({"economy", "premium"})
    static final class SaverFare {
    }

    @Tier({"business", "first", "premium"})
    static final class FlexFare {
    }

    static void tierLoop(long deadline) {
        Class<?>[] fares = {SaverFare.class, FlexFare.class};
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 64; k++) {
                sink += tiersOf(fares[i++ & 1]).length;
            }
        }
    }

    /** The annotation's tiers: each read of value() clones the array (the annotation's proxy does). */
    static String[] tiersOf(Class<?> fare) {
        return fare.getAnnotation(Tier.class).value();
    }
}
