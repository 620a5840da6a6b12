package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.DeadlockDetail;
import dev.brink.core.detail.Detail;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A deadlock's cycle, written as its record, reads back into report.html's table one row per thread. */
class FindingHtmlDeadlockTest {
    @Test
    void theCycleIsOneRowPerThreadWithItsLockAndHolder() {
        DeadlockDetail d = new DeadlockDetail(List.of("ledger-1", "audit-2"), List.of(
                new DeadlockDetail.Member("ledger-1", "BLOCKED", "app.Account", "0x00000007ff001", "audit-2", "app.Ledger.post(Ledger.java:40)"),
                new DeadlockDetail.Member("audit-2", "WAITING", "java.util.concurrent.locks.ReentrantLock$NonfairSync", "0x00000007ff002",
                        "ledger-1", "app.Audit.flush(Audit.java:12)")), true, false, 2);
        StringBuilder h = new StringBuilder();
        FindingHtml.render(h, new Finding(FindingKind.DEADLOCK, Severity.CRITICAL, "Deadlock of 2 threads", "app.Account", List.of(),
                Detail.map(d)), Path.of("."));
        String html = h.toString();
        assertThat(html).contains("<tr><td>ledger-1</td><td>app.Account &lt;0x00000007ff001&gt;</td><td>audit-2</td>"
                + "<td><code>app.Ledger.post(Ledger.java:40)</code></td></tr>",
                "<tr><td>audit-2</td><td>java.util.concurrent.locks.ReentrantLock$NonfairSync &lt;0x00000007ff002&gt;</td><td>ledger-1</td>");
        // the rows are the cycle; the rest of the detail is the usual key table
        assertThat(html).doesNotContain(">cycle<").contains("<tr><th>found in lock graph</th><td>true</td></tr>");
    }
}
