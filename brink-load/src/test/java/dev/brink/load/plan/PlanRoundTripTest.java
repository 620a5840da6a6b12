package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.plan.har.HarImport;
import dev.brink.load.plan.jmx.JmxImport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plan.yaml "as run" is the plan: every plan in examples/, every plan in a module's test resources, and every plan the
 * HAR and JMeter importers make of the files in the test resources is written by {@link PlanWriter}, read back, and
 * is the same plan (its secrets "***"); written again, it is the same text. A key the writer forgets (data:, a TCP
 * section, a header's secret mark) is a plan that does not run again from its own run directory.
 */
class PlanRoundTripTest {
    /** A set value for every ${env.NAME} the plans use: the plan holds the reference, not the value. */
    private static final UnaryOperator<String> ENV = name -> "x";
    private static final Path ROOT = Path.of("..");

    @TempDir
    Path dir;

    @Test
    void everyExampleAndTestResourcePlanRoundTrips() throws Exception {
        List<Path> files = files(p -> p.endsWith(".yaml") || p.endsWith(".yml"));
        List<String> checked = new ArrayList<>();
        List<String> notPlans = new ArrayList<>();
        for (Path f : files) {
            String text = Files.readString(f).replace("127.0.0.1:PORT", "127.0.0.1:9"); // the TCP tests' port placeholder
            if (!text.contains("\ntarget:") && !text.startsWith("target:")) {
                notPlans.add(f.toString()); // a CI workflow, not a plan
                continue;
            }
            if (f.getFileName().toString().equals("misspelt-gate.yaml")) continue; // a plan that must not bind (GateTest)
            Plan plan = PlanReader.parse(text, f.toString(), f.toAbsolutePath().getParent(), ENV);
            roundTrip(plan, f.toString());
            checked.add(f.getFileName().toString());
        }
        assertThat(checked).as("examples, the junit, maven and tcp plans").contains("plan.yaml", "orders.yaml", "quick.yaml",
                "overload.yaml", "one-step.yaml", "telematics.yaml");
        assertThat(notPlans).allMatch(p -> p.contains(".github"));
    }

    @Test
    void everyImportedPlanRoundTrips() throws Exception {
        List<Path> har = files(p -> p.endsWith(".har"));
        List<Path> jmx = files(p -> p.endsWith(".jmx"));
        assertThat(har).hasSizeGreaterThanOrEqualTo(8);
        assertThat(jmx).hasSizeGreaterThanOrEqualTo(4);
        for (Path f : har) {
            HarImport.Result r = HarImport.convert(Files.readString(f, StandardCharsets.UTF_8), f.toString(), null, false);
            roundTrip(PlanReader.parse(r.plan(), f + " as plan.yaml", dir, ENV), f.toString());
        }
        int converted = 0;
        for (Path f : jmx) {
            JmxImport.Result r = JmxImport.convert(Files.readString(f, StandardCharsets.UTF_8), f.toString(), f.toAbsolutePath().getParent());
            if (r.plan() == null) continue; // nothing in it converts (CSVSample.jmx: JmxImportTest lists why)
            converted++;
            roundTrip(PlanReader.parse(r.plan(), f + " as plan.yaml", f.toAbsolutePath().getParent(), ENV), f.toString());
        }
        assertThat(converted).isGreaterThanOrEqualTo(4);
    }

    private void roundTrip(Plan plan, String source) throws Exception {
        String yaml = PlanWriter.yaml(plan);
        Path file = Files.writeString(dir.resolve("plan.yaml"), yaml);
        Plan back = PlanReader.parse(yaml, file.toString(), dir, ENV);
        assertThat(back).as(source + " written as\n" + yaml).isEqualTo(plan.redacted());
        assertThat(PlanWriter.yaml(back)).as(source).isEqualTo(yaml);
    }

    /** The files under examples/ and every module's src/test/resources whose name passes {@code name}. */
    private static List<Path> files(java.util.function.Predicate<String> name) throws IOException {
        List<Path> roots = new ArrayList<>(List.of(ROOT.resolve("examples")));
        try (Stream<Path> modules = Files.list(ROOT)) {
            modules.map(m -> m.resolve("src/test/resources")).filter(Files::isDirectory).forEach(roots::add);
        }
        List<Path> out = new ArrayList<>();
        for (Path r : roots) {
            try (Stream<Path> s = Files.walk(r)) {
                s.filter(p -> Files.isRegularFile(p) && name.test(p.getFileName().toString()) && !p.toString().contains("/target/"))
                        .sorted().forEach(out::add);
            }
        }
        return out;
    }
}
