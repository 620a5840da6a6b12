package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The borrow signatures of the pools these tests cannot run (they are not Brink's dependencies): a jstack-format
 * dump written here with HikariCP's and commons-pool2's own method names, as their waiters' stacks have them. The
 * scenario that a real JVM dumps (a Semaphore desk) is LiveDumpsTest's; this checks the other names map to their pools.
 */
class PoolSignaturesTest {
    private static String thread(String name, int id, String state, String parkedOn, String... frames) {
        StringBuilder b = new StringBuilder("\"").append(name).append("\" #").append(id)
                .append(" prio=5 os_prio=0 cpu=1.00ms elapsed=9.00s tid=0x00007f00000").append(id).append(" nid=0x").append(id)
                .append(parkedOn == null ? " runnable  [0x0]\n" : " waiting on condition  [0x0]\n")
                .append("   java.lang.Thread.State: ").append(state).append('\n');
        boolean first = true;
        for (String f : frames) {
            b.append("\tat ").append(f).append('\n');
            if (first && parkedOn != null) {
                b.append("\t- parking to wait for  <0x00000007100").append(parkedOn).append("> (a java.util.concurrent.SynchronousQueue$TransferStack)\n");
            }
            first = false;
        }
        return b.append("\n   Locked ownable synchronizers:\n\t- None\n\n").toString();
    }

    @Test
    void hikariWaitersAndTheirHoldersInTheDriver() throws Exception {
        StringBuilder dump = new StringBuilder("2026-11-27 10:00:00\nFull thread dump OpenJDK 64-Bit Server VM (17.0.15+6 mixed mode):\n\n");
        for (int i = 1; i <= 6; i++) {
            dump.append(thread("http-nio-8080-exec-" + i, 30 + i, "TIMED_WAITING (parking)", "aaa",
                    "jdk.internal.misc.Unsafe.park(java.base@17.0.15/Native Method)",
                    "java.util.concurrent.locks.LockSupport.parkNanos(java.base@17.0.15/LockSupport.java:252)",
                    "java.util.concurrent.SynchronousQueue$TransferStack.transfer(java.base@17.0.15/SynchronousQueue.java:401)",
                    "java.util.concurrent.SynchronousQueue.poll(java.base@17.0.15/SynchronousQueue.java:903)",
                    "com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:151)",
                    "com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:180)",
                    "com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:146)",
                    "com.zaxxer.hikari.HikariDataSource.getConnection(HikariDataSource.java:128)",
                    "com.acme.orders.OrderRepository.findOpen(OrderRepository.java:41)",
                    "com.acme.orders.OrderController.open(OrderController.java:22)",
                    "java.lang.Thread.run(java.base@17.0.15/Thread.java:840)"));
        }
        for (int i = 7; i <= 8; i++) {
            dump.append(thread("http-nio-8080-exec-" + i, 30 + i, "RUNNABLE", null,
                    "sun.nio.ch.SocketDispatcher.read0(java.base@17.0.15/Native Method)",
                    "sun.nio.ch.NioSocketImpl.read(java.base@17.0.15/NioSocketImpl.java:330)",
                    "org.postgresql.core.VisibleBufferedInputStream.readMore(VisibleBufferedInputStream.java:161)",
                    "org.postgresql.core.v3.QueryExecutorImpl.processResults(QueryExecutorImpl.java:2201)",
                    "org.postgresql.jdbc.PgPreparedStatement.executeQuery(PgPreparedStatement.java:134)",
                    "com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeQuery(HikariProxyPreparedStatement.java)",
                    "com.acme.orders.OrderRepository.findOpen(OrderRepository.java:44)",
                    "com.acme.orders.OrderController.open(OrderController.java:22)",
                    "java.lang.Thread.run(java.base@17.0.15/Thread.java:840)"));
        }
        ThreadAnalysis a = ThreadDumpAnalyzer.analyzeDumps(
                ThreadDumpAnalyzer.parse("hikari.txt", dump.toString().getBytes(StandardCharsets.UTF_8)), Map.of(), List.of("hikari.txt"));
        Finding f = a.findings().stream().filter(x -> x.kind() == FindingKind.POOL_STARVATION).findFirst().orElseThrow();
        assertThat(f.subject()).isEqualTo("HikariCP");
        assertThat(f.detail().get("pool_kind")).isEqualTo("connection-pool");
        assertThat(f.detail().get("waiter_count")).isEqualTo(6);
        assertThat(f.detail().get("app_frame")).isEqualTo("com.acme.orders.OrderRepository.findOpen");
        assertThat((List<?>) f.detail().get("holders")).hasSize(2).allSatisfy(h ->
                assertThat((String) ((Map<?, ?>) h).get("app_frame")).startsWith("com.acme.orders.OrderRepository.findOpen("));
        assertThat(f.title()).startsWith("6 threads queued to borrow from HikariCP (in com.acme.orders.OrderRepository.findOpen);"
                + " held by 2 threads, http-nio-8080-exec-7 at SocketDispatcher.read0(Native Method) in OrderRepository.findOpen(");
    }
}
