package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** What kind of pool starved its borrowers ({@code pool-starvation}'s {@code pool_kind}). */
public enum PoolKind implements JsonWord {
    /** An executor whose workers cannot take its queued tasks: they wait on its own tasks, or sit in one blocking call. */
    THREAD_POOL,
    /** A JDBC or HTTP connection pool (HikariCP, DBCP2, c3p0, Tomcat JDBC, Apache HttpClient). */
    CONNECTION_POOL,
    /** A generic object pool (commons-pool2). */
    OBJECT_POOL,
    /** A java.util.concurrent.Semaphore the application takes. */
    SEMAPHORE
}
