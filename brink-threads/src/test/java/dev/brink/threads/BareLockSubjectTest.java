package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.FindingSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two contended {@code new Object()} locks are two problems, and the same one seen in a later dump series (at another
 * address, after a GC moved it) is still one: what a run's FindingSet keeps of them.
 */
class BareLockSubjectTest {
    @TempDir
    Path dir;

    @Test
    void twoBareLocksStayTwoFindingsAndTheSameLockInAnotherSeriesMergesIntoOne() throws Exception {
        FindingSet run = new FindingSet();
        for (Finding f : contention(dump("first", "0x000000069d81e0f8", "0x000000069d81e100"))) run.add(f);
        assertThat(run.all()).extracting(Finding::subject).containsExactlyInAnyOrder(
                "java.lang.Object locked in app.Cache.get", "java.lang.Object locked in app.Audit.write");
        // a later series: the same two locks, moved by a GC
        for (Finding f : contention(dump("second", "0x00000006a0000010", "0x00000006a0000020"))) run.add(f);
        assertThat(run.all()).hasSize(2);
        assertThat(run.all()).allSatisfy(f -> assertThat(f.evidence()).hasSize(2));
    }

    private List<Finding> contention(Path dump) throws Exception {
        return ThreadDumpAnalyzer.analyze(List.of(dump)).findings().stream()
                .filter(f -> f.kind() == FindingKind.LOCK_CONTENTION).toList();
    }

    /** A jstack dump: lock {@code cache} held in app.Cache.get, lock {@code audit} in app.Audit.write, two waiters each. */
    private Path dump(String name, String cache, String audit) throws Exception {
        StringBuilder t = new StringBuilder("2026-11-23 10:44:59\nFull thread dump OpenJDK 64-Bit Server VM (21.0.2+13-LTS mixed mode, sharing):\n\n");
        holder(t, "Cache-holder", 20, "app.Cache", "get", cache);
        holder(t, "Audit-holder", 21, "app.Audit", "write", audit);
        for (int i = 0; i < 2; i++) {
            waiter(t, "Cache-waiter-" + i, 30 + i, "app.Cache", "get", cache);
            waiter(t, "Audit-waiter-" + i, 40 + i, "app.Audit", "write", audit);
        }
        Path file = dir.resolve(name + ".txt");
        Files.writeString(file, t);
        return file;
    }

    private static void holder(StringBuilder t, String thread, int id, String cls, String method, String lock) {
        t.append('"').append(thread).append("\" #").append(id).append(" prio=5 os_prio=0 cpu=0.22ms elapsed=2.79s tid=0x00007f4bbc4fbe").append(id)
                .append(" nid=").append(id).append(" waiting on condition  [0x00007f4b8d7fd000]\n")
                .append("   java.lang.Thread.State: TIMED_WAITING (sleeping)\n")
                .append("\tat java.lang.Thread.sleep(java.base@21.0.2/Native Method)\n")
                .append("\tat ").append(cls).append('.').append(method).append("(").append(cls.substring(4)).append(".java:12)\n")
                .append("\t- locked <").append(lock).append("> (a java.lang.Object)\n")
                .append("\tat java.lang.Thread.run(java.base@21.0.2/Thread.java:1583)\n\n");
    }

    private static void waiter(StringBuilder t, String thread, int id, String cls, String method, String lock) {
        t.append('"').append(thread).append("\" #").append(id).append(" prio=5 os_prio=0 cpu=0.22ms elapsed=2.59s tid=0x00007f4bbc4ffe").append(id)
                .append(" nid=").append(id).append(" waiting for monitor entry  [0x00007f4b8d6fd000]\n")
                .append("   java.lang.Thread.State: BLOCKED (on object monitor)\n")
                .append("\tat ").append(cls).append('.').append(method).append("(").append(cls.substring(4)).append(".java:11)\n")
                .append("\t- waiting to lock <").append(lock).append("> (a java.lang.Object)\n")
                .append("\tat java.lang.Thread.run(java.base@21.0.2/Thread.java:1583)\n\n");
    }
}
