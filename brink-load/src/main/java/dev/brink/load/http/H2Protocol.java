package dev.brink.load.http;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.Protocol;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.TlsSummary;
import dev.brink.load.plan.Plan;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * HTTP/2 (h2 by ALPN over TLS, h2c by prior knowledge): a link is a stream slot, and slots share a few connections
 * ({@code connections}, default 1, as browsers and h2load use one), each up to the server's
 * SETTINGS_MAX_CONCURRENT_STREAMS. The {@link LoadLoop} asks for slots as its backlog needs them; a slot goes to a
 * ready connection with room, else a new connection is opened (one at a time, up to the limit), else the request
 * for a slot waits until room frees (a connection's GOAWAY or close gives its slots up; the loop's backlog holds the
 * requests meanwhile, their wait counted in corrected latency). With {@code per-call} every slot is a connection of
 * its own, closed after one request. Event-loop confined.
 */
final class H2Protocol implements Protocol, H2Connection.Owner {
    private final HttpConnector connector;
    private final RequestEncoder[] encoders;
    private final URI base;
    private final boolean perCall;
    private final int maxConnections;
    private final List<H2Connection> connections = new ArrayList<>();
    private int opening;
    private int pendingSlots; // slots the loop asked for that no connection could give yet
    private LoadLoop loop;

    H2Protocol(HttpConnector connector, RequestEncoder[] encoders, URI base, Plan.Http settings) {
        this.connector = connector;
        this.encoders = encoders;
        this.base = base;
        this.perCall = settings.perCall();
        this.maxConnections = settings.connections();
    }

    @Override
    public boolean refuses(OpState op, RequestContext ctx) {
        return encoders[op.index].refuses(ctx);
    }

    @Override
    public void open(LoadLoop l) {
        loop = l;
        pendingSlots++;
        serve();
    }

    /** Gives waiting slot requests to connections with room, and opens a connection when none has any. */
    private void serve() {
        while (pendingSlots > 0) {
            H2Connection c = withRoom();
            if (c == null) {
                boolean more = perCall ? opening < pendingSlots : opening == 0 && connections.size() < maxConnections;
                if (more) openConnection();
                return;
            }
            pendingSlots--;
            H2Link link = new H2Link(loop, c, encoders, base);
            c.attach(link);
            loop.opened(link);
        }
    }

    private H2Connection withRoom() {
        H2Connection best = null;
        for (H2Connection c : connections) {
            // the least loaded: streams spread over the connections as their slots fill
            if (c.freeSlots() > 0 && (best == null || c.slots() < best.slots())) best = c;
        }
        return best;
    }

    private void openConnection() {
        opening++;
        HttpConnector.Opening o = connector.open();
        H2Connection c = new H2Connection(o.channel(), this, perCall, connector.tls());
        o.ready().addListener(done -> {
            if (done.isSuccess()) {
                connections.add(c);
                c.start(); // the connection counts as opening until the server's first SETTINGS
            } else {
                opening--;
                failPending(HttpConnector.kind(done.cause()));
            }
        });
    }

    /** The server's first SETTINGS came: the connection takes slots up to its limit. */
    @Override
    public void connectionReady(H2Connection c) {
        opening--;
        serve();
    }

    @Override
    public void slotsChanged() {
        serve();
    }

    @Override
    public void connectionClosed(H2Connection c) {
        boolean wasOpening = !c.ready;
        connections.remove(c);
        if (wasOpening) {
            opening--;
            failPending(ErrorKind.RESET);
        } else {
            serve();
        }
    }

    /**
     * A connection failed before it was ready: each slot request it was to serve fails (the loop fails a waiting
     * request per slot, as for an HTTP/1.1 connect error) unless another connection may still give it a slot.
     */
    private void failPending(ErrorKind kind) {
        if (opening > 0 || withRoom() != null) {
            serve();
            return;
        }
        for (int n = perCall ? 1 : pendingSlots; n > 0 && pendingSlots > 0; n--) {
            pendingSlots--;
            loop.openFailed(kind);
        }
        serve();
    }

    @Override
    public int connections(int links) {
        return connections.size(); // the links are stream slots on these
    }

    @Override
    public TlsSummary takeTls() {
        return connector.takeTls();
    }

    @Override
    public void close() {
        for (H2Connection c : new ArrayList<>(connections)) c.channel.close();
    }

    /**
     * Opens one connection and waits for the server's SETTINGS, before any load: a server that does not speak HTTP/2
     * (h2c by prior knowledge, or h2 without ALPN's consent), or one that refuses the handshake only once it is over
     * (TLS 1.3: a client certificate it wanted is checked after the client's side of the handshake ended), is one line.
     * Returns what ALPN chose ("" for h2c). Not on the event loop.
     */
    static String probe(HttpConnector connector, Duration timeout) throws BrinkUserException, InterruptedException {
        H2SettingsWait wait = new H2SettingsWait();
        HttpConnector.Opening o = connector.probe(timeout, ready -> {
            String alpn = ready.ready().getNow();
            if (connector.tls() && !alpn.equals(io.netty.handler.ssl.ApplicationProtocolNames.HTTP_2)) {
                wait.giveUp(); // not h2: the caller says so, or falls back
                return;
            }
            wait.start(ready.channel(), connector.tls());
        });
        boolean done = wait.await(timeout);
        o.channel().close().await();
        String alpn = o.ready().getNow();
        if (connector.tls() && !alpn.equals(io.netty.handler.ssl.ApplicationProtocolNames.HTTP_2)) return alpn;
        if (done && wait.spoke()) return alpn;
        String tls = wait.started() ? connector.failure(wait.cause()) : null;
        if (tls != null) throw new BrinkUserException(tls);
        throw new BrinkUserException("HTTP/2 to " + connector.where() + " failed: no HTTP/2 SETTINGS came back to the "
                + (alpn.isEmpty() ? "h2c preface (expected a server that speaks HTTP/2 in cleartext by prior knowledge, an "
                + "https:// URL for h2 by ALPN, or no --http2)" : "h2 preface (expected an HTTP/2 server, or no --http2)"));
    }
}
