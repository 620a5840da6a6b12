package dev.brink.load.tcp;

import dev.brink.load.engine.ChannelLinks;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.Protocol;
import io.netty.bootstrap.Bootstrap;
import java.net.InetSocketAddress;

/**
 * Raw TCP sessions behind the load loop: one link is one device's connection, carrying its session's packets
 * one at a time (a packet waits for the previous one's response, as a terminal waits for the platform's ack).
 * The packet templates are compiled in {@link TcpSpec}; the arrays they are encoded into belong to this
 * protocol, shared by every link of the one event loop, so sending a packet allocates nothing on the heap.
 */
public final class TcpProtocol implements Protocol {
    private final Bootstrap bootstrap;
    private final InetSocketAddress address;
    final TcpSpec spec;
    final byte[] scratch;
    final byte[] wire;
    private long sessions;
    private final long seed;
    private final int shardIndex;
    private final int shardCount;

    public TcpProtocol(Bootstrap bootstrap, InetSocketAddress address, TcpSpec spec, long seed) {
        this(bootstrap, address, spec, seed, dev.brink.core.Shard.WHOLE);
    }

    /** Shard {@code shard}'s sessions: device numbers I, I+N, I+2N …, so the shards' devices never collide. */
    public TcpProtocol(Bootstrap bootstrap, InetSocketAddress address, TcpSpec spec, long seed, dev.brink.core.Shard shard) {
        this.shardIndex = shard.index();
        this.shardCount = shard.count();
        this.bootstrap = bootstrap;
        this.address = address;
        this.spec = spec;
        this.scratch = new byte[spec.maxWireSize()];
        this.wire = new byte[spec.maxWireSize()];
        this.seed = seed;
    }

    /** Numbers sessions in the order they start: a device number for {@code session:} variables. */
    long nextSession() {
        return sessions++ * shardCount + shardIndex;
    }

    long seedFor(long session) {
        return seed ^ (session * 0x9E3779B97F4A7C15L);
    }

    @Override
    public void open(LoadLoop loop) {
        TcpLink link = new TcpLink(loop, this);
        ChannelLinks.open(bootstrap, address, loop, link, link.handler(), ch -> link.channel = ch);
    }
}
