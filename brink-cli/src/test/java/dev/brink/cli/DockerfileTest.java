package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.cli.k8s.K8sManifests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What can be checked of the image without a Docker daemon (none runs here): the Dockerfile copies the jar the
 * build writes (brink-cli's shade outputFile), .dockerignore lets exactly that into the context, the base is a
 * Java 17+ runtime, the entrypoint is brink and runs the copied jar, and the user is the non-root uid that
 * {@code brink k8s} pods require.
 */
class DockerfileTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theImageIsBuiltFromTheJarThePackageWritesAndRunsBrinkAsANonRootUser() throws Exception {
        List<String> lines = instructions(Files.readString(ROOT.resolve("Dockerfile")));
        String from = lines.stream().filter(l -> l.startsWith("FROM ")).findFirst().orElseThrow();
        Matcher jre = Pattern.compile("FROM eclipse-temurin:(\\d+)-jre").matcher(from);
        assertThat(jre.find()).as(from).isTrue();
        assertThat(Integer.parseInt(jre.group(1))).isGreaterThanOrEqualTo(17);

        String pom = Files.readString(ROOT.resolve("brink-cli/pom.xml"));
        Matcher out = Pattern.compile("<outputFile>\\$\\{project.build.directory}/([^<]+)</outputFile>").matcher(pom);
        assertThat(out.find()).isTrue();
        String jar = "brink-cli/target/" + out.group(1);
        List<String> copies = lines.stream().filter(l -> l.startsWith("COPY ")).toList();
        assertThat(copies).hasSize(1);
        String[] copy = copies.get(0).split("\\s+");
        assertThat(copy[1]).isEqualTo(jar);
        if (Files.exists(ROOT.resolve(jar))) assertThat(ROOT.resolve(jar)).isRegularFile(); // after package

        // .dockerignore: the last pattern that matches a path decides; the jar must be let in
        List<String> ignore = Files.readAllLines(ROOT.resolve(".dockerignore")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertThat(ignore.get(ignore.size() - 1)).isEqualTo("!" + jar);

        String run = lines.stream().filter(l -> l.startsWith("RUN ")).findFirst().orElseThrow();
        assertThat(run).contains("--uid " + K8sManifests.BRINK_UID).contains("-jar " + copy[2]).contains("/usr/local/bin/brink");
        String user = lines.stream().filter(l -> l.startsWith("USER ")).reduce((a, b) -> b).orElseThrow();
        assertThat(user).isEqualTo("USER " + K8sManifests.BRINK_UID + ":" + K8sManifests.BRINK_UID);
        assertThat(lines).contains("ENTRYPOINT [\"brink\"]");
    }

    /** The Dockerfile's instructions, continuation lines joined, comments dropped. */
    private static List<String> instructions(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || line.isBlank() && cur.length() == 0) continue;
            boolean more = line.endsWith("\\");
            cur.append(more ? line.substring(0, line.length() - 1) : line).append(' ');
            if (!more) {
                out.add(cur.toString().trim().replaceAll("\\s+", " "));
                cur.setLength(0);
            }
        }
        return out;
    }
}
