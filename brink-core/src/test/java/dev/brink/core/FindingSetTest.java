package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** brink run --repeat K: each search finds the generator limit or the busy host again; the run lists it once. */
class FindingSetTest {
    private static Finding generatorBound(int multiplier, Severity severity, String evidence) {
        return new Finding(FindingKind.GENERATOR_BOUND, severity, "the load generator stopped the search at " + multiplier + " × profile",
                "brink load generator", List.of(evidence), Map.of(FindingDetail.GeneratorBound.MULTIPLIER, multiplier));
    }

    @Test
    void theSameKindAndSubjectFoundInEachSearchIsOneFindingWithEveryEvidence() {
        FindingSet set = new FindingSet();
        set.add(generatorBound(8, Severity.WARNING, "generator.jsonl"));
        Finding lock = new Finding(FindingKind.LOCK_CONTENTION, Severity.WARNING, "contended lock", "com.example.Audit",
                List.of("evidence/threads-1-0.txt"), Map.of());
        set.add(lock);
        Finding merged = set.add(generatorBound(7, Severity.CRITICAL, "evidence/threads-2-0.txt"));
        set.add(generatorBound(8, Severity.WARNING, "generator.jsonl"));

        assertThat(set.all()).hasSize(2);
        assertThat(set.all().get(0)).isEqualTo(merged);
        assertThat(merged.title()).as("the first search's words and numbers").endsWith("at 8 × profile");
        assertThat(merged.detail()).containsEntry(FindingDetail.GeneratorBound.MULTIPLIER, 8);
        assertThat(merged.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(merged.evidence()).containsExactly("generator.jsonl", "evidence/threads-2-0.txt");
        assertThat(set.all().get(1)).isEqualTo(lock);
    }

    @Test
    void anotherSubjectOfTheSameKindIsAnotherFinding() {
        FindingSet set = new FindingSet();
        set.add(new Finding(FindingKind.LOCK_CONTENTION, Severity.WARNING, "a", "com.example.A", List.of(), Map.of()));
        set.add(new Finding(FindingKind.LOCK_CONTENTION, Severity.WARNING, "b", "com.example.B", List.of(), Map.of()));
        assertThat(set.all()).extracting(Finding::subject).containsExactly("com.example.A", "com.example.B");
    }
}
