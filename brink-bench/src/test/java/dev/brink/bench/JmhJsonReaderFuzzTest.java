package dev.brink.bench;

import dev.brink.core.stats.Verdict;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutates real JMH files (bytes flipped, cut, spliced; JSON values replaced by values of other types) for a bounded
 * time. Every mutant must either read, and then compare with itself and render without error, or be refused with
 * one BrinkUserException line naming the file. Anything else (an IllegalArgumentException from a record, an
 * ArithmeticException, a NaN in the output) is a reader bug.
 */
class JmhJsonReaderFuzzTest {
    private static final long BUDGET_NANOS = 3_000_000_000L;
    private static final int MAX_RUNS = 5_000;
    private static final String[] SEEDS = {
        "public/jmh-1.21-sample-pg-client.json", "public/jmh-1.23-thrpt-3d-bin-packing.json",
        "public/jmh-1.37-thrpt-dbutils.json", "reactive/zip-run1.json",
    };

    @Test
    void mutantsReadOrFailWithOneLine() throws Exception {
        Random random = new Random(0xB21);
        List<byte[]> seeds = new ArrayList<>();
        List<JsonNode> trees = new ArrayList<>();
        for (String s : SEEDS) {
            byte[] b = TestData.bytes(s);
            seeds.add(b);
            trees.add(Json.MAPPER.readTree(b));
        }
        // warm up outside the budget: the first comparison loads and compiles everything (seconds on a loaded runner)
        check(seeds.get(0), true);
        long end = System.nanoTime() + BUDGET_NANOS;
        int runs = 0;
        int accepted = 0;
        while (System.nanoTime() < end && runs < MAX_RUNS) {
            int k = random.nextInt(seeds.size());
            byte[] mutant = random.nextBoolean() ? bytes(seeds.get(k), random) : tree(trees.get(k), random);
            // the comparison (a bootstrap per metric) costs far more than reading: render every 10th accepted mutant
            if (check(mutant, accepted % 10 == 0)) {
                accepted++;
            }
            runs++;
        }
        assertThat(runs).isGreaterThan(30); // a 2-core runner shared with other builds still gets this far
        // both outcomes must occur, or the mutations are too weak (or too strong) to test anything
        assertThat(accepted).isGreaterThan(0).isLessThan(runs);
    }

    private static boolean check(byte[] mutant, boolean render) {
        List<BenchmarkResult> results;
        try {
            results = JmhJsonReader.parse("fuzz.json", mutant);
        } catch (BrinkUserException e) {
            assertThat(e.getMessage()).startsWith("fuzz.json").doesNotContain("\n");
            return false;
        } catch (RuntimeException e) {
            StringWriter w = new StringWriter();
            e.printStackTrace(new PrintWriter(w));
            fail("reader threw " + e + " on " + new String(mutant, java.nio.charset.StandardCharsets.UTF_8)
                    .substring(0, Math.min(400, mutant.length)) + "\n" + w);
            return false;
        }
        if (!render) {
            return true;
        }
        CompareReport r = BenchComparer.compare("a", results, "b", results, CompareOptions.defaults());
        StringWriter text = new StringWriter();
        BenchText.write(r, true, new PrintWriter(text));
        BenchHtml.write(List.of(r), true);
        BenchMarkdown.write(List.of(r), false);
        BenchJunit.write(List.of(r), true);
        for (Comparison c : r.comparisons()) {
            assertThat(c.verdict()).isNotEqualTo(Verdict.WORSE).isNotEqualTo(Verdict.BETTER);
        }
        return true;
    }

    private static byte[] bytes(byte[] seed, Random random) {
        byte[] b = seed.clone();
        switch (random.nextInt(4)) {
            case 0 -> {
                for (int i = 0; i < 1 + random.nextInt(4); i++) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> b = Arrays.copyOf(b, random.nextInt(b.length));
            case 2 -> {
                int from = random.nextInt(b.length);
                int to = random.nextInt(b.length);
                int len = random.nextInt(Math.min(200, b.length - Math.max(from, to)) + 1);
                System.arraycopy(seed, from, b, to, len);
            }
            default -> {
                String[] tokens = {"\"NaN\"", "-1e308", "1e999", "null", "[]", "{}", "\"\"", "0", "[[1,2]]", "\"\u00b7x\""};
                String s = new String(b, java.nio.charset.StandardCharsets.UTF_8);
                int at = random.nextInt(s.length());
                b = (s.substring(0, at) + tokens[random.nextInt(tokens.length)] + s.substring(at))
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return b;
    }

    /** Replaces one random value of the tree by a value of another kind: the structural mistakes bytes rarely make. */
    private static byte[] tree(JsonNode seed, Random random) throws Exception {
        JsonNode copy = seed.deepCopy();
        List<JsonNode> containers = new ArrayList<>();
        collect(copy, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonNode[] replacements = {f.nullNode(), f.textNode("NaN"), f.numberNode(-3.5), f.numberNode(0), f.arrayNode(),
            f.objectNode(), f.textNode(""), f.numberNode(Double.MAX_VALUE), f.arrayNode().add(f.arrayNode())};
        JsonNode value = replacements[random.nextInt(replacements.length)];
        if (target instanceof ObjectNode o && o.size() > 0) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.get(random.nextInt(names.size()));
            if (random.nextInt(4) == 0) {
                o.remove(name);
            } else {
                o.set(name, value);
            }
        } else if (target instanceof ArrayNode a && a.size() > 0) {
            int i = random.nextInt(a.size());
            if (random.nextInt(4) == 0) {
                a.remove(i);
            } else {
                a.set(i, value);
            }
        }
        return Json.MAPPER.writeValueAsBytes(copy);
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
                collect(it.next(), out);
            }
        }
    }
}
