package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.detail.ExceptionSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A meter feed ({@code MeterFeed}) recorded by JDK 17 and JDK 25 at once, started the way a Spring Boot application
 * is started by name: {@code java -cp meter-feed.jar org.springframework.boot.loader.launch.JarLauncher}, from a jar
 * the test builds (a stand-in launcher of our own as Main-Class, the feed as Start-Class).
 * <ul>
 *   <li>Where exceptions are named when no execution sample caught one being built: the recording has execution
 *   sampling off and exception events off (src/test/resources/jfc/allocations-and-errors.jfc), so its only throw
 *   events are jdk.JavaErrorThrow — the NoSuchMethodErrors the JVM throws and catches while it links method handles —
 *   and its only samples allocation samples. This is the recording a CI run met by chance (no execution sample
 *   inside 657,000 NumberFormatExceptions a second, and "NoSuchMethodError (100 %)" named), made certain.</li>
 *   <li>The application's packages when the main class is a launcher: the jar's Start-Class, else (the jar gone)
 *   the family most of the samples' application frames are in.</li>
 * </ul>
 * About 6 s of wall time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MeterFeedRecordingsTest {
    static final Path tmp = Path.of("target", "meter-feed").toAbsolutePath();
    static final long PHASE_MS = 2500;
    static final String GARBLED = "dev.brink.jfr.programs.GarbledReadingException";
    static final String LAUNCHER = "org.springframework.boot.loader.launch.JarLauncher";
    static final Path JAR = tmp.resolve("meter-feed.jar");

    final List<Recordings.Recorded> recorded = new ArrayList<>();

    @BeforeAll
    void record() throws Exception {
        Files.createDirectories(tmp);
        Path settings = Path.of(MeterFeedRecordingsTest.class.getResource("/jfc/allocations-and-errors.jfc").toURI());
        buildJar();
        List<Path> jdks = Recordings.jdks();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < jdks.size(); i++) {
            // the class path relative to the working directory: the recording's user.dir must resolve it
            ps.add(new ProcessBuilder(jdks.get(i).resolve("bin/java").toString(), "-Xmx64m",
                    "-XX:StartFlightRecording:filename=" + tmp.resolve("m" + i + ".jfr") + ",settings=" + settings,
                    "-cp", JAR.getFileName().toString(), LAUNCHER, String.valueOf(PHASE_MS))
                    .directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(tmp.resolve("m" + i + ".txt").toFile()).start());
        }
        for (int i = 0; i < jdks.size(); i++) {
            recorded.add(Recordings.finish(ps.get(i), jdks.get(i), tmp.resolve("m" + i + ".jfr"), tmp.resolve("m" + i + ".txt")));
        }
    }

    /** The launcher, the feed and its helpers from the test classes, with a Boot-like manifest. */
    private static void buildJar() throws Exception {
        Path classes = Path.of(System.getProperty("brink.test.classes", "target/test-classes"));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LAUNCHER);
        m.getMainAttributes().putValue("Start-Class", "dev.brink.jfr.programs.MeterFeed");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(JAR), m)) {
            for (String dir : List.of("org/springframework/boot/loader/launch", "dev/brink/jfr/programs")) {
                try (Stream<Path> files = Files.list(classes.resolve(dir))) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                        j.putNextEntry(new JarEntry(dir + "/" + f.getFileName()));
                        j.write(Files.readAllBytes(f));
                        j.closeEntry();
                    }
                }
            }
        }
    }

    /**
     * The storm's window has the JVM's linkage errors as its only throw events and no execution samples at all; the
     * type and the method that throws it come from the allocation samples, and no linkage error is named.
     */
    @Test
    void storm_namedFromAllocationSamples_neverFromTheJvmsLinkageErrors() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("garbled"));
            String jdk = r.jdk().toString();
            assertThat(rep.executionSamples()).as(jdk).isZero();
            assertThat(rep.exceptions().jvmLinkageErrors()).as(jdk + ": the JVM's own errors are in the window").isPositive();
            Finding ex = rep.findings().stream().filter(f -> f.kind() == FindingKind.EXCEPTIONS).findFirst()
                    .orElseThrow(() -> new AssertionError(jdk + ": no exceptions finding in " + rep.findings()));
            assertThat(ex.detail().get("exception_type")).as(jdk + " " + ex.title()).isEqualTo(GARBLED);
            assertThat(ex.detail().get("app_frame")).isEqualTo("dev.brink.jfr.programs.MeterFeed.decode");
            assertThat(ex.detail().get("source")).isEqualTo(ExceptionSource.ALLOCATION_SAMPLES.json());
            assertThat((Long) ex.detail().get("exceptions_per_sec")).isGreaterThan(10_000);
            assertThat(ex.title()).doesNotContain("NoSuchMethodError");
            assertThat(rep.exceptionsByType()).as(jdk).noneMatch(t -> t.key().startsWith("java.lang.NoSuch"));
        }
    }

    /**
     * Started by a launcher: the packages are the jar's Start-Class's (the class path resolved against the recorded
     * working directory); with the jar gone (a recording read on another machine), the family most of the samples'
     * application frames are in, said to be inferred.
     */
    @Test
    void launcher_packagesFromTheJarsStartClass_elseInferredFromTheFrames() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), JfrFilter.ALL);
            assertThat(rep.appPackages()).as(r.jdk().toString()).containsExactly("dev.brink.jfr.programs");
            assertThat(rep.appPackagesSource()).contains("dev.brink.jfr.programs.MeterFeed").contains("meter-feed.jar");
        }
        Path moved = tmp.resolve("meter-feed.jar.moved");
        Files.move(JAR, moved);
        try {
            for (Recordings.Recorded r : recorded) {
                JfrReport rep = JfrAnalyzer.analyze(r.file(), JfrFilter.ALL);
                assertThat(rep.appPackages()).as(r.jdk().toString()).containsExactly("dev.brink.jfr");
                assertThat(rep.appPackagesSource()).startsWith("inferred: ");
            }
        } finally {
            Files.move(moved, JAR);
        }
    }

    /**
     * Start-up linking (lambdas, concatenations, method handles all through the phase) and well-formed readings: the
     * JVM's linkage errors are taken off the rate (jdk.ExceptionStatistics counts each twice: hundreds a second
     * here), no type is named and there is no finding.
     */
    @Test
    void healthyTwin_linkageErrorsAtStartUp_offTheRate_noFinding() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("settle"));
            String jdk = r.jdk().toString();
            // 96 new shapes: about two NoSuchMethodErrors each (a shape the JDK pregenerated gives none)
            assertThat(rep.exceptions().jvmLinkageErrors()).as(jdk).isGreaterThanOrEqualTo(50);
            assertThat(rep.exceptions().perSec()).as(jdk + " " + rep.exceptions()).isLessThan(20);
            assertThat(rep.exceptions().type()).as(jdk).isNull();
            assertThat(rep.findings()).as(jdk).noneMatch(f -> f.kind() == FindingKind.EXCEPTIONS);
        }
    }
}
