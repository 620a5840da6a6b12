package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/**
 * The blocking call that holds a thread pool's workers ({@code pool-starvation}'s {@code blocking_call}), read from
 * their stacks: the most specific of what the application called (an HTTP or database client) and where the thread
 * waits (a socket, a sleep, a future).
 */
public enum BlockingCall implements JsonWord {
    /** An HTTP client call waiting for its answer (HttpURLConnection, java.net.http, Apache HttpClient, OkHttp, …). */
    HTTP_CALL,
    /** A database call waiting for its answer (a JDBC driver, a Redis or Mongo client). */
    DATABASE_CALL,
    /** A read from a socket: the other end has not answered. */
    SOCKET_READ,
    /** A socket connect: the other end has not accepted. */
    SOCKET_CONNECT,
    /** A host name lookup (DNS). */
    DNS_LOOKUP,
    /** Thread.sleep: the application's own pause (a backoff, a pacing loop). */
    SLEEP,
    /** A wait for another task's result: Future.get, CompletableFuture.join, a latch. */
    RESULT_WAIT;

    /** How a person says it: "HTTP call", "socket read". */
    public String words() {
        return switch (this) {
            case HTTP_CALL -> "HTTP call";
            case DATABASE_CALL -> "database call";
            case SOCKET_READ -> "socket read";
            case SOCKET_CONNECT -> "socket connect";
            case DNS_LOOKUP -> "DNS lookup";
            case SLEEP -> "sleep";
            case RESULT_WAIT -> "wait for a result";
        };
    }
}
