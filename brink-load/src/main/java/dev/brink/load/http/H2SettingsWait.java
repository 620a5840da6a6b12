package dev.brink.load.http;

import io.netty.channel.Channel;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A probe's wait for a server's first HTTP/2 SETTINGS on one connection, before any load: they prove the connection,
 * its TLS and that the server speaks HTTP/2. {@link #start} or {@link #giveUp} runs on the channel's event loop once
 * the connection is up or has failed, {@link #await} on the caller's thread. The HTTP/2 probe ({@link H2Protocol}) and
 * the gRPC one share it; they differ only in how they open the connection and word a failure.
 */
public final class H2SettingsWait implements H2Connection.Owner {
    private final CountDownLatch over = new CountDownLatch(1);
    private volatile boolean spoke;
    private volatile H2Connection connection;

    /** The connection is up (and, with TLS, ALPN chose h2): speak HTTP/2 on it and wait for the server's SETTINGS. */
    public void start(Channel channel, boolean tls) {
        H2Connection c = new H2Connection(channel, this, true, tls);
        connection = c;
        c.start();
    }

    /** The connection cannot be used (it failed, or ALPN chose another protocol): nothing to wait for. */
    public void giveUp() {
        over.countDown();
    }

    /** Waits up to {@code timeout}: true when the wait ended (the SETTINGS came, the connection closed or was given up). */
    public boolean await(Duration timeout) throws InterruptedException {
        return over.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the server's SETTINGS came. */
    public boolean spoke() {
        return spoke;
    }

    /** Whether {@link #start} ran: HTTP/2 was spoken on the connection. */
    public boolean started() {
        return connection != null;
    }

    /** What closed the connection, when an exception did; null otherwise, or before {@link #start}. */
    public Throwable cause() {
        H2Connection c = connection;
        return c == null ? null : c.cause;
    }

    @Override
    public void connectionReady(H2Connection c) {
        spoke = true;
        over.countDown();
    }

    @Override
    public void slotsChanged() {
    }

    @Override
    public void connectionClosed(H2Connection c) {
        over.countDown();
    }
}
