package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spring Boot (WebFlux) service under load, recorded on JDK 17 and JDK 25 (src/test/resources/recordings/
 * regenerate-spring.sh; the service is org.acme.catalog in brink-sample's test sources): a search that loops over a
 * list, reached through Spring's reflective handler invocation. The hot-method finding names the application's
 * method, with the application's package read from the recorded main class, and never calls a list's iteration
 * "reflection" (what Spring PetClinic's recording read).
 */
class SpringRecordingTest {
    @TempDir
    Path tmp;

    private JfrReport analyze(String name) throws Exception {
        return JfrAnalyzer.analyze(Recordings.unpacked(tmp, name), JfrFilter.ALL);
    }

    @Test
    void springServiceHotMethodIsTheApplicationsNeverReflection() throws Exception {
        for (String jdk : List.of("jdk17", "jdk25")) {
            JfrReport r = analyze("spring-catalog-" + jdk);
            assertThat(r.appPackages()).as(jdk).containsExactly("org.acme.catalog");
            assertThat(r.appPackagesSource()).isEqualTo("main class org.acme.catalog.CatalogApplication");
            List<Finding> hot = r.findings().stream().filter(f -> f.kind() == FindingKind.HOT_METHOD).toList();
            assertThat(hot).as(jdk + " " + r.hotPaths()).anySatisfy(f -> {
                assertThat(f.detail().get("app_frame")).isEqualTo("org.acme.catalog.SearchController.search");
                assertThat((Double) f.detail().get("share")).isGreaterThan(0.25);
            });
            assertThat(hot).as(jdk).noneSatisfy(f -> assertThat(f.detail().get("category")).isEqualTo("reflection"));
            // what the samples show of the request threads: the search's own loop, under Spring's reflective dispatch
            assertThat(r.hotPaths()).as(jdk).noneSatisfy(p -> {
                assertThat(p.category()).isEqualTo(dev.brink.core.LibraryFamily.REFLECTION);
                assertThat(p.topMethod()).startsWith("java.util.");
            });
        }
    }
}
