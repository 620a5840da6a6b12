package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What the writer writes, the plan reader reads back to the same values: text stays text, numbers stay numbers. */
class PlanYamlWriterTest {
    /** Text an import meets: recorded bodies, headers, paths, and words YAML would read as something else. */
    private static final String[] AWKWARD = {"", " ", "yes", "No", "null", "~", "true", "1.5", "007", "1e3", "0x1F", "-", "- x",
        "a: b", "a #b", "#x", "{x}", "[1]", "&a", "*a", "!t", "|", ">", "'q'", "\"q\"", "back\\slash", "tab\there", "line\nbreak",
        "cr\rlf", "ünï©ødé", "emoji 🚀", "${session.id}", "$${x}", "%7B", "/owners/1?x=1&y=2", "30s", "1000ms..1100ms", "@at", "`b`",
        "\u0085nel", "\u2028ls", "key:", "?q", "a,b", "trailing ", " leading"};

    @Test
    void randomDocumentsReadBackToTheSameValues() throws Exception {
        SplittableRandom random = new SplittableRandom(37);
        for (int doc = 0; doc < 120; doc++) {
            PlanYamlWriter.Mapping root = PlanYamlWriter.document();
            Map<String, Object> expected = new LinkedHashMap<>();
            fill(root, expected, random, 0);
            String text = PlanYamlWriter.write(root);
            assertThat(tree(PlanYaml.read(text, "doc.yaml"))).as(text).isEqualTo(expected);
        }
    }

    @Test
    void aPlanReadsAsAPersonWouldWriteIt() {
        PlanYamlWriter.Mapping root = PlanYamlWriter.document();
        root.comment("made by a test");
        root.put("name", "shop");
        root.inline("target").put("base_url", "http://127.0.0.1:8080");
        root.inline("users", "from the thread group").put("count", 50).put("think", "1000ms..1100ms");
        PlanYamlWriter.Mapping step = root.list("flows").map().put("name", "browse").list("steps").map();
        step.put("name", "home").map("request").put("method", "GET").put("path", "/owners?lastName=");
        step.inline("check").put("status", 200);
        assertThat(PlanYamlWriter.write(root)).isEqualTo("""
                # made by a test
                name: shop
                target: {base_url: "http://127.0.0.1:8080"}
                users: {count: 50, think: 1000ms..1100ms}  # from the thread group
                flows:
                  - name: browse
                    steps:
                      - name: home
                        request:
                          method: GET
                          path: "/owners?lastName="
                        check: {status: 200}
                """);
    }

    private static void fill(PlanYamlWriter.Mapping m, Map<String, Object> expected, SplittableRandom r, int depth) {
        boolean inline = false;
        for (int k = 0, n = 1 + r.nextInt(5); k < n; k++) {
            String key = pick(r) + k; // unique within the mapping
            if (r.nextInt(4) == 0) m.comment(pick(r));
            int kind = depth > 3 ? r.nextInt(3) : r.nextInt(6);
            switch (kind) {
                case 0 -> {
                    String v = pick(r);
                    m.put(key, v, r.nextBoolean() ? null : pick(r));
                    expected.put(key, v);
                }
                case 1 -> {
                    long v = r.nextLong(-1_000_000, 1_000_000);
                    m.put(key, v);
                    expected.put(key, "#" + v);
                }
                case 2 -> {
                    boolean v = r.nextBoolean();
                    m.put(key, v);
                    expected.put(key, "#" + v);
                }
                case 3 -> {
                    Map<String, Object> sub = new LinkedHashMap<>();
                    PlanYamlWriter.Mapping child = r.nextBoolean() ? m.map(key) : m.inline(key);
                    if (r.nextBoolean()) fill(child, sub, r, depth + 1);
                    else inline = true;
                    if (inline) {
                        String v = pick(r);
                        child.put("x", v);
                        sub.put("x", v);
                        inline = false;
                    }
                    expected.put(key, sub);
                }
                case 4 -> {
                    PlanYamlWriter.Sequence s = m.list(key);
                    List<Object> items = new ArrayList<>();
                    for (int i = 0, c = 1 + r.nextInt(3); i < c; i++) {
                        String v = pick(r);
                        s.add(v);
                        items.add(v);
                    }
                    expected.put(key, items);
                }
                default -> {
                    PlanYamlWriter.Sequence s = m.list(key);
                    List<Object> items = new ArrayList<>();
                    for (int i = 0, c = 1 + r.nextInt(3); i < c; i++) {
                        Map<String, Object> sub = new LinkedHashMap<>();
                        fill(s.map(), sub, r, depth + 1);
                        items.add(sub);
                    }
                    expected.put(key, items);
                }
            }
        }
    }

    private static String pick(SplittableRandom r) {
        return r.nextInt(3) == 0 ? "w" + r.nextInt(100) : AWKWARD[r.nextInt(AWKWARD.length)];
    }

    /** Text as itself, numbers and booleans as "#" + their text (the reader marks them literal). */
    private static Object tree(PlanNode n) {
        if (n.fields() != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            n.fields().forEach((k, v) -> m.put(k, tree(v)));
            return m;
        }
        if (n.items() != null) return n.items().stream().map(PlanYamlWriterTest::tree).toList();
        return n.literal() ? "#" + n.text() : n.text();
    }
}
