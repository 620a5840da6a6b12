package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolStarvationDetail;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Scores the thread analysers on the corpus in src/test/resources/corpus: dumps of the programs in
 * {@code dev.brink.threads.corpus}, captured by capture.sh with jstack (JDK 17), jcmd Thread.print and
 * Thread.dump_to_file text and JSON (JDK 25), and kill -3 into stdout logs. Each case has a truth.json; each
 * directory of a case (and each file extension in it) is one series of one JVM. Prints the score table, then
 * requires every planted problem found with the right subject and no false finding.
 */
class CorpusScoreTest {
    /** Per analyser: planted problems, found, missed, findings that are not planted. */
    private static final class Score {
        int planted;
        int found;
        int falseFindings;
        final List<String> misses = new ArrayList<>();
    }

    private final Map<String, Score> scores = new TreeMap<>();

    private Score score(String analyser) {
        return scores.computeIfAbsent(analyser, k -> new Score());
    }

    @Test
    void everyPlantedProblemIsFoundWithItsSubjectAndNothingElse() throws Exception {
        Path corpus = corpus();
        int series = 0;
        try (Stream<Path> cases = Files.list(corpus)) {
            for (Path c : cases.filter(Files::isDirectory).sorted().toList()) {
                JsonNode truth = Json.MAPPER.readTree(c.resolve("truth.json").toFile());
                try (Stream<Path> dirs = Files.list(c)) {
                    for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
                        for (List<Path> files : byExtension(d)) {
                            check(c.getFileName() + "/" + d.getFileName() + "/*" + ext(files.get(0)), files, truth);
                            series++;
                        }
                    }
                }
            }
        }
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%nThread corpus: %d series of %d cases%n"
                + "%-22s %8s %6s %7s %16s%n", series, countCases(corpus), "analyser", "planted", "found", "missed",
                "false findings"));
        for (Map.Entry<String, Score> e : scores.entrySet()) {
            Score s = e.getValue();
            table.append(String.format(Locale.ROOT, "%-22s %8d %6d %7d %16d%n", e.getKey(), s.planted, s.found,
                    s.planted - s.found, s.falseFindings));
        }
        System.out.println(table);
        List<String> misses = new ArrayList<>();
        scores.forEach((k, v) -> v.misses.forEach(m -> misses.add(k + ": " + m)));
        assertThat(misses).as("misses and false findings" + table).isEmpty();
        assertThat(series).isGreaterThanOrEqualTo(20);
    }

    private void check(String name, List<Path> files, JsonNode truth) throws Exception {
        ThreadAnalysis a = ThreadDumpAnalyzer.analyze(files);
        Score read = score("reading");
        read.planted++;
        if (a.dumps().size() >= 2 && a.notes().isEmpty() && a.dumps().stream().allMatch(d -> d.threads().size() >= 5)) {
            read.found++;
        } else {
            read.misses.add(name + ": " + a.dumps().size() + " dumps, notes " + a.notes());
        }
        deadlocks(name, a, truth);
        contention(name, a, truth);
        busy(name, a, truth);
        heldPools(name, a, truth);
        if (truth.has("min_virtual_threads")) {
            Score v = score("virtual threads");
            v.planted++;
            long virtual = a.dumps().get(a.dumps().size() - 1).threads().stream().filter(DumpThread::virtual).count();
            // jstack and jcmd Thread.print list platform threads only: virtual ones are in Thread.dump_to_file
            boolean shows = a.dumps().get(0).format() != DumpFormat.JSTACK_TEXT;
            if (!shows || virtual >= truth.path("min_virtual_threads").asInt()) {
                v.found++;
            } else {
                v.misses.add(name + ": " + virtual + " virtual threads");
            }
        }
    }

    private void deadlocks(String name, ThreadAnalysis a, JsonNode truth) {
        Score s = score("deadlock");
        List<Set<String>> planted = new ArrayList<>();
        for (JsonNode d : truth.path("deadlocks")) {
            Set<String> threads = new HashSet<>();
            d.forEach(t -> threads.add(t.asText()));
            planted.add(threads);
        }
        // Thread.dump_to_file (text and JSON) does not say who owns a ReentrantLock: a cycle through one is not
        // in those dumps, whatever reads them
        DumpFormat format = a.dumps().get(0).format();
        boolean owners = format == DumpFormat.JSTACK_TEXT || format == DumpFormat.BRINK_JSON;
        if (truth.path("deadlock_needs_synchronizer_owners").asBoolean() && !owners) planted.clear();
        s.planted += planted.size();
        for (Finding f : of(a, FindingKind.DEADLOCK)) {
            Set<String> threads = new HashSet<>();
            ((List<?>) f.detail().get("threads")).forEach(t -> threads.add(t.toString()));
            if (planted.remove(threads)) {
                s.found++;
            } else {
                s.falseFindings++;
                s.misses.add(name + ": unexpected " + f.title());
            }
        }
        planted.forEach(p -> s.misses.add(name + ": missed deadlock " + p));
    }

    private void contention(String name, ThreadAnalysis a, JsonNode truth) {
        Score s = score("lock contention");
        Set<String> planted = texts(truth.path("contended_locks"));
        Set<String> allowed = texts(truth.path("also_contended"));
        s.planted += planted.size();
        Set<String> seen = new HashSet<>();
        for (Finding f : of(a, FindingKind.LOCK_CONTENTION)) {
            if (planted.contains(f.subject())) {
                if (seen.add(f.subject())) s.found++;
            } else if (!allowed.contains(f.subject())) {
                s.falseFindings++;
                s.misses.add(name + ": unexpected " + f.title());
            }
        }
        planted.stream().filter(p -> !seen.contains(p)).forEach(p -> s.misses.add(name + ": missed contention on " + p));
    }

    private void busy(String name, ThreadAnalysis a, JsonNode truth) {
        Score s = score("busy threads");
        Score lib = score("busy library");
        List<JsonNode> planted = new ArrayList<>();
        truth.path("busy").forEach(planted::add);
        s.planted += planted.size();
        lib.planted += planted.size();
        Set<String> notBusy = texts(truth.path("not_busy"));
        for (Finding f : of(a, FindingKind.BUSY_THREAD)) {
            JsonNode p = planted.stream().filter(b -> texts(b.path("subject")).contains(f.subject())).findFirst().orElse(null);
            planted.remove(p);
            List<String> threads = ((List<?>) f.detail().get("threads")).stream()
                    .map(t -> String.valueOf(((Map<?, ?>) t).get("thread"))).toList();
            if (p != null && threads.stream().allMatch(t -> t.startsWith(p.path("threads").asText()))) {
                s.found++;
                if (p.path("library").asText().equals(f.detail().get(dev.brink.core.FindingDetail.BusyThread.MAIN_LIBRARY))) {
                    lib.found++;
                } else {
                    lib.misses.add(name + ": library " + f.detail().get(dev.brink.core.FindingDetail.BusyThread.LIBRARIES) + " for " + f.title());
                }
            } else {
                s.falseFindings++;
                boolean planted2 = notBusy.stream().anyMatch(n -> threads.stream().anyMatch(t -> t.startsWith(n)));
                s.misses.add(name + ": unexpected" + (planted2 ? " (a thread the truth says is idle) " : " ") + f.title());
            }
        }
        planted.stream().map(p -> p.path("subject").toString()).forEach(p -> {
            s.misses.add(name + ": missed busy " + p);
            lib.misses.add(name + ": missed busy " + p);
        });
    }

    /**
     * Pools held by one blocking call ({@link BlockedPools}): planted where the series can show one — dumps with CPU
     * time in {@link BlockedPools#STUCK_DUMPS} or more, else {@link BlockedPools#STUCK_DUMPS_NO_CPU} dumps; every
     * pool-starvation finding must be planted, with its blocking call.
     */
    private void heldPools(String name, ThreadAnalysis a, JsonNode truth) {
        Score s = score("held pool");
        boolean cpu = a.dumps().get(0).threads().stream().anyMatch(t -> t.cpuMs() >= 0);
        boolean shows = a.dumps().size() >= (cpu ? BlockedPools.STUCK_DUMPS : BlockedPools.STUCK_DUMPS_NO_CPU);
        List<JsonNode> planted = new ArrayList<>();
        if (shows) truth.path("held_pools").forEach(planted::add);
        s.planted += planted.size();
        for (Finding f : of(a, FindingKind.POOL_STARVATION)) {
            BlockingCall kind = Detail.read(f.detail(), PoolStarvationDetail.class).blockingCall();
            String call = kind == null ? null : kind.json();
            JsonNode p = planted.stream().filter(x -> x.path("pool").asText().equals(f.subject())
                    && x.path("call").asText().equals(call)).findFirst().orElse(null);
            if (p != null) {
                planted.remove(p);
                s.found++;
            } else {
                s.falseFindings++;
                s.misses.add(name + ": unexpected " + f.title());
            }
        }
        planted.forEach(p -> s.misses.add(name + ": missed held pool " + p));
    }

    private static List<Finding> of(ThreadAnalysis a, FindingKind kind) {
        return a.findings().stream().filter(f -> f.kind() == kind).toList();
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<List<Path>> byExtension(Path dir) throws IOException {
        Map<String, List<Path>> m = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                m.computeIfAbsent(ext(f), k -> new ArrayList<>()).add(f);
            }
        }
        return new ArrayList<>(m.values());
    }

    private static String ext(Path f) {
        String n = f.getFileName().toString();
        return n.substring(n.lastIndexOf('.'));
    }

    private static long countCases(Path corpus) throws IOException {
        try (Stream<Path> s = Files.list(corpus)) {
            return s.filter(Files::isDirectory).count();
        }
    }

    static Path corpus() throws URISyntaxException {
        return Path.of(CorpusScoreTest.class.getResource("/corpus/healthy-idle/truth.json").toURI()).getParent().getParent();
    }
}
