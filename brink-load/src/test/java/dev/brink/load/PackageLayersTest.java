package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * brink-load's packages form layers (DESIGN.md "Modules and packages"): the plan model at the bottom, the engine
 * on it, the protocols and the host watch on the engine (gRPC on HTTP/2's connections), the plan reader and importers on those, and the entry
 * points in the root package. Read from the sources' package, import and qualified-name lines (comments and
 * string literals left out), not from a tool: a package cycle, an arrow up, or a class in the root package that is
 * not an entry point fails here, naming the files that made the arrow.
 */
class PackageLayersTest {
    private static final String ROOT = "dev.brink.load";
    /** What may live in the root package: what the other modules start the load from. */
    private static final Set<String> ENTRY_POINTS = Set.of("LoadEngine", "Warmup", "PlanCheck");
    /**
     * Bottom first; a package may depend only on packages of lower layers. A new package must be placed here: a
     * protocol next to http, grpc and tcp; a plan reader or importer next to plan.bind, plan.har and plan.jmx.
     */
    private static final List<Set<String>> LAYERS = List.of(
            Set.of("plan"),
            Set.of("flow"),
            Set.of("engine"),
            Set.of("http", "tcp", "host", "metrics"),
            // gRPC calls ride the HTTP/2 client's connections (H2Slot): a protocol on a protocol
            Set.of("grpc"),
            Set.of("plan.bind"),
            Set.of("plan.har", "plan.jmx"),
            Set.of(""));
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A reference to a class of brink-load in code: an import, a static import or an inline qualified name. */
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.brink\\.load((?:\\.[a-z]\\w*)*)\\.(?:[A-Z]|\\*)");

    /** package → package it depends on → the files of the first that make the arrow. */
    private static final Map<String, Map<String, Set<String>>> GRAPH = new TreeMap<>();
    private static final Set<String> ROOT_CLASSES = new TreeSet<>();

    @BeforeAll
    static void scan() throws IOException {
        Path sources = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                Matcher pm = PACKAGE.matcher(text);
                assertThat(pm.find()).as("%s has a package line", f).isTrue();
                String pkg = relative(pm.group(1));
                if (pkg.isEmpty()) ROOT_CLASSES.add(f.getFileName().toString().replace(".java", ""));
                Map<String, Set<String>> out = GRAPH.computeIfAbsent(pkg, k -> new TreeMap<>());
                Matcher m = REFERENCE.matcher(codeOnly(text));
                while (m.find()) {
                    String to = m.group(1).isEmpty() ? "" : m.group(1).substring(1);
                    if (!to.equals(pkg)) out.computeIfAbsent(to, k -> new TreeSet<>()).add(f.getFileName().toString());
                }
            }
        }
    }

    @Test
    void theScanSeesTheArrowsThatMustExist() {
        // the engine runs plans and the HTTP client is driven by the engine: a scan that misses these sees nothing
        assertThat(GRAPH.get("engine")).containsKey("plan");
        assertThat(GRAPH.get("http")).containsKey("engine");
        assertThat(GRAPH.get("")).containsKeys("engine", "http", "grpc", "tcp");
    }

    @Test
    void theRootPackageHoldsOnlyTheEntryPoints() {
        assertThat(ROOT_CLASSES).as("classes in %s (only the entry points belong there)", ROOT).isEqualTo(new TreeSet<>(ENTRY_POINTS));
    }

    @Test
    void noPackageCycle() {
        List<String> cycles = new ArrayList<>();
        Map<String, Integer> state = new TreeMap<>(); // absent: unseen, 1: on the path, 2: done
        for (String p : GRAPH.keySet()) findCycle(p, new ArrayList<>(), state, cycles);
        assertThat(cycles).as("package cycles in brink-load").isEmpty();
    }

    @Test
    void everyArrowPointsDown() {
        List<String> wrong = new ArrayList<>();
        GRAPH.forEach((from, outs) -> outs.forEach((to, files) -> {
            int a = layer(from);
            int b = layer(to);
            if (a < 0 || b < 0) {
                wrong.add(display(a < 0 ? from : to) + " is in no layer of " + PackageLayersTest.class.getSimpleName());
            } else if (b >= a) {
                wrong.add(display(from) + " -> " + display(to) + " (" + String.join(", ", files) + ")");
            }
        }));
        assertThat(wrong).as("arrows that do not point to a lower layer").isEmpty();
    }

    private static void findCycle(String p, List<String> path, Map<String, Integer> state, List<String> cycles) {
        Integer s = state.get(p);
        if (s != null && s == 2) return;
        if (s != null) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(p), path.size()));
            cycle.add(p);
            cycles.add(String.join(" -> ", cycle.stream().map(PackageLayersTest::display).toList()));
            return;
        }
        state.put(p, 1);
        path.add(p);
        for (String q : GRAPH.getOrDefault(p, Map.of()).keySet()) findCycle(q, path, state, cycles);
        path.remove(path.size() - 1);
        state.put(p, 2);
    }

    private static int layer(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) if (LAYERS.get(i).contains(pkg)) return i;
        return -1;
    }

    private static String relative(String pkg) {
        return pkg.equals(ROOT) ? "" : pkg.startsWith(ROOT + ".") ? pkg.substring(ROOT.length() + 1) : pkg;
    }

    private static String display(String pkg) {
        return pkg.isEmpty() ? ROOT : ROOT + "." + pkg;
    }

    /** The source with comments and string, text-block and char literals blanked: a name in them is no dependency. */
    private static String codeOnly(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
            } else if (s.startsWith("\"\"\"", i)) {
                end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                char q = s.charAt(i);
                end = i + 1;
                while (end < s.length() && s.charAt(end) != q) end += s.charAt(end) == '\\' ? 2 : 1;
                end = Math.min(end + 1, s.length());
            } else {
                out.append(s.charAt(i++));
                continue;
            }
            for (int j = i; j < end; j++) out.append(s.charAt(j) == '\n' ? '\n' : ' ');
            i = end;
        }
        return out.toString();
    }
}
