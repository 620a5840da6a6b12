package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.LibraryFamily;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A fare-quote service ({@code FareQuoteService}) recorded by JDK 17 and JDK 25 at once, with settings "profile":
 * costs that reach the JDK through code the JVM generates in the application's own package — the classes behind
 * method references in a Stream pipeline, the classes of dynamic proxies and annotations — and through virtual
 * threads (JDK 21+). Every finding must name the application's method that asked for the work, never a generated
 * class, whose name is no line anyone can change; only a thread with no method of the application's on its stack (a
 * parallel Stream's pool) is named by the application's lambda, without the JVM's per-run address. About 15 s of wall
 * time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FareRecordingsTest {
    static final Path tmp = Path.of("target", "fare-recordings").toAbsolutePath();
    static final long PHASE_MS = 1200;
    /** The parallel phase last: the common pool's workers finish their cancelled tasks after the batch thread's catch. */
    static final String PHASES = "parse,parse-fixed,render,rules,seats,cabins,vthreads,parallel";
    static final String SERVICE = "dev.brink.jfr.programs.FareQuoteService.";

    List<Recordings.Recorded> recorded;

    @BeforeAll
    void record() throws Exception {
        recorded = Recordings.onEveryJdk(tmp, "f", (jdk, jfr, log) -> new ProcessBuilder(Recordings.java(jdk, "128m", jfr, "profile",
                "dev.brink.jfr.programs.FareQuoteService", String.valueOf(PHASE_MS), PHASES))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }

    /**
     * Fare codes parsed by {@code map(Integer::valueOf)}: the NumberFormatExceptions Integer.parseInt builds and the
     * Integers it allocates are the service's {@code parseFares}, the method that ran the pipeline — not the class the
     * JVM spun for the method reference ({@code FareQuoteService$$Lambda…}), whose frame sits between the two.
     */
    @Test
    void methodReferenceIntoTheJdk_exceptionsAndBytesNamedAtTheMethodThatRanTheStream() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("parse"));
            String jdk = r.jdk() + " " + rep.exceptions();
            assertThat(rep.exceptions().type()).as(jdk).isEqualTo("java.lang.NumberFormatException");
            assertThat(rep.exceptions().appFrame()).as(jdk).isEqualTo(SERVICE + "parseFares");
            finding(rep, FindingKind.EXCEPTIONS).ifPresent(f -> assertThat(f.detail().get("app_frame")).as(jdk).isEqualTo(SERVICE + "parseFares"));
            assertThat(rep.allocationByAppFrame().get(0).frame()).as(r.jdk() + " " + rep.allocationByAppFrame()).isEqualTo(SERVICE + "parseFares");
            noGeneratedFrame(r, rep);
        }
    }

    /**
     * Fares rendered by a chain of method references only ({@code BigDecimal::valueOf}, {@code CENT::multiply},
     * {@code BigDecimal::toPlainString}): the bytes are {@code renderFares}', through the Stream it ran.
     */
    @Test
    void methodReferencesOnly_bytesNamedAtTheRenderer() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("render"));
            JfrReport.AllocationSite top = rep.allocationByAppFrame().get(0);
            assertThat(top.frame()).as(r.jdk() + " " + rep.allocationByAppFrame()).isEqualTo(SERVICE + "renderFares");
            assertThat(top.via()).startsWith("java.util.stream.");
            finding(rep, FindingKind.ALLOCATION_HOTSPOT).ifPresent(f ->
                    assertThat(f.detail().get("app_frame")).as(r.jdk() + " " + f.title()).isEqualTo(SERVICE + "renderFares"));
            noGeneratedFrame(r, rep);
        }
    }

    /**
     * The healthy twin of the parse phase: the codes checked first by a method reference to the service's own
     * {@code wellFormed}. No exception, so no finding; and the regex that check runs is named at {@code wellFormed},
     * an application method reached through a generated class, which stays the application's.
     */
    @Test
    void healthyTwin_codesCheckedFirst_noExceptions_ownMethodReferenceNamed() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("parse-fixed"));
            assertThat(rep.findings()).as(r.jdk().toString()).noneMatch(f -> f.kind() == FindingKind.EXCEPTIONS);
            assertThat(rep.exceptions().type()).as(r.jdk() + " " + rep.exceptions()).isNull();
            List<JfrReport.HotPath> regex = rep.hotPaths().stream().filter(p -> p.category() == LibraryFamily.REGEX).toList();
            assertThat(regex).as(r.jdk() + " " + rep.hotPaths()).isNotEmpty()
                    .allMatch(p -> p.appFrame().equals(SERVICE + "wellFormed"));
            noGeneratedFrame(r, rep);
        }
    }

    /**
     * Fare rules called through a dynamic proxy of a package-private interface, whose class
     * ({@code dev.brink.jfr.programs.$Proxy…}) the JDK generates into the interface's package: the
     * UndeclaredThrowableExceptions the proxy builds around its handler's checked exception are {@code applyRules}',
     * the caller that catches them; the String[] an annotation's proxy clones per read of {@code value()} is
     * {@code tiersOf}'.
     */
    @Test
    void dynamicProxies_exceptionsAndBytesNamedAtTheProxysCaller() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("rules"));
            String jdk = r.jdk() + " " + rep.exceptions();
            assertThat(rep.exceptions().type()).as(jdk).isEqualTo("java.lang.reflect.UndeclaredThrowableException");
            assertThat(rep.exceptions().appFrame()).as(jdk).isEqualTo(SERVICE + "applyRules");
            finding(rep, FindingKind.EXCEPTIONS).ifPresent(f -> assertThat(f.detail().get("app_frame")).as(jdk).isEqualTo(SERVICE + "applyRules"));
            JfrReport.AllocationSite tiers = rep.allocationByAppFrame().stream().filter(a -> a.frame().equals(SERVICE + "tiersOf"))
                    .findFirst().orElseThrow(() -> new AssertionError(r.jdk() + ": no tiersOf in " + rep.allocationByAppFrame()));
            assertThat(tiers.topClass()).isEqualTo("[Ljava.lang.String;");
            assertThat(tiers.via()).startsWith("sun.reflect.annotation.AnnotationInvocationHandler.");
            noGeneratedFrame(r, rep);
        }
    }

    /**
     * An application's constructor that throws ({@code Seat}'s, on a code without a row): the exception is the one it
     * throws — the service's own {@code UnknownSeat}, or the JDK's IllegalArgumentException — never {@code Seat},
     * whose constructor sits below the exception's in every sample of a construction just as a subclass's would, and
     * the site is that constructor. On JDK 17 (no throw events in "profile") the allocation samples of the exception
     * objects, made inside {@code Seat}'s constructor, say which it is.
     */
    @Test
    void constructorThatThrows_isTheSite_notTheExceptionsType() throws Exception {
        for (Recordings.Recorded r : recorded) {
            for (String[] phase : new String[][] {{"seats", SERVICE.replace(".FareQuoteService.", ".FareQuoteService$UnknownSeat")},
                    {"cabins", "java.lang.IllegalArgumentException"}}) {
                JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase(phase[0]));
                String jdk = r.jdk() + " " + phase[0] + " " + rep.exceptions();
                assertThat(rep.exceptions().type()).as(jdk).isEqualTo(phase[1]);
                assertThat(rep.exceptions().appFrame()).as(jdk).isEqualTo(SERVICE.replace(".FareQuoteService.", ".FareQuoteService$Seat.") + "<init>");
                noGeneratedFrame(r, rep);
            }
        }
    }

    /**
     * The parse phase's work on virtual threads (JDK 21+; JDK 17 has no such phase): below the service's frames each
     * stack runs down through the JDK's scheduler, {@code java.lang.VirtualThread.run} and
     * {@code jdk.internal.vm.Continuation.enter}, none of which is the application; the exceptions and the bytes are
     * {@code parseFares}', as on platform threads.
     */
    @Test
    void virtualThreads_exceptionsAndBytesNamedAtTheApplication() throws Exception {
        int seen = 0;
        for (Recordings.Recorded r : recorded) {
            if (!r.phases().containsKey("vthreads")) {
                continue;
            }
            seen++;
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("vthreads"));
            String jdk = r.jdk() + " " + rep.exceptions();
            assertThat(rep.exceptions().type()).as(jdk).isEqualTo("java.lang.NumberFormatException");
            assertThat(rep.exceptions().appFrame()).as(jdk).isEqualTo(SERVICE + "parseFares");
            finding(rep, FindingKind.EXCEPTIONS).ifPresent(f -> assertThat(f.detail().get("app_frame")).as(jdk).isEqualTo(SERVICE + "parseFares"));
            assertThat(rep.allocationByAppFrame().get(0).frame()).as(r.jdk() + " " + rep.allocationByAppFrame()).isEqualTo(SERVICE + "parseFares");
            // the scheduler's own samples (a virtual thread mounting) have no application frame, and are few
            assertThat(rep.hotPaths().get(0).appFrame()).as(r.jdk() + " " + rep.hotPaths()).startsWith(SERVICE);
            // the executor's threads are unnamed: said to be virtual threads, not an empty name
            assertThat(rep.hotPaths().get(0).threads()).isEqualTo(JfrAnalyzer.UNNAMED_VIRTUAL);
            noGeneratedFrame(r, rep);
        }
        if (seen == 0) {
            System.out.println("SKIPPED: virtual threads need JDK 21+; no such recording here");
        }
    }

    /**
     * A parallel Stream: the common pool's workers run {@code map(Integer::valueOf)} with no method of the service's on
     * their stacks, only the class the JVM spun for the method reference. Their samples and bytes are the service's
     * lambda, named without the JVM's per-run address ({@code FareQuoteService$$Lambda.apply}, the same on JDK 17 and
     * 25, in any run), never left without an application frame; the batch thread's are {@code parseParallel}'s.
     */
    @Test
    void parallelStream_poolThreadsNamedAtTheServicesLambda() throws Exception {
        String lambda = "dev.brink.jfr.programs.FareQuoteService$$Lambda.apply";
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("parallel"));
            String jdk = r.jdk() + " " + rep.hotPaths() + " " + rep.allocationByAppFrame();
            List<String> named = new ArrayList<>();
            rep.hotPaths().forEach(p -> named.add(p.appFrame()));
            rep.allocationByAppFrame().forEach(a -> named.add(a.frame()));
            assertThat(named).as(jdk).contains(SERVICE + "parseParallel", lambda)
                    // Integer::intValue's class too: the lambda's class and its method, never the JVM's address
                    .allMatch(n -> !n.contains("$$Lambda") || n.matches("dev\\.brink\\.jfr\\.programs\\.FareQuoteService\\$\\$Lambda\\.\\w+"),
                            "a lambda named without its address")
                    .noneMatch(n -> n.contains(".$Proxy"));
            assertThat(rep.hotPaths().stream().filter(p -> p.appFrame().contains("$$Lambda")))
                    .as(jdk).allMatch(p -> p.threads().startsWith("ForkJoinPool.commonPool-worker-"));
        }
    }

    /** No application frame the report names is a class the JVM generated: a method reference's or a proxy's. */
    private static void noGeneratedFrame(Recordings.Recorded r, JfrReport rep) {
        List<String> named = new ArrayList<>();
        rep.hotPaths().forEach(p -> named.add(p.appFrame()));
        rep.allocationByAppFrame().forEach(a -> named.add(a.frame()));
        named.add(String.valueOf(rep.exceptions().appFrame()));
        rep.findings().forEach(f -> named.add(String.valueOf(f.detail().get("app_frame"))));
        assertThat(named).as(r.jdk().toString()).noneMatch(n -> n.contains("$$Lambda") || n.contains(".$Proxy"));
    }

    private static Optional<Finding> finding(JfrReport rep, FindingKind kind) {
        return rep.findings().stream().filter(f -> f.kind() == kind).findFirst();
    }
}
