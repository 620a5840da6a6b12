package dev.brink.load.engine;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/** Opening a link that is one TCP connection (HTTP/1.1, raw TCP): connect, then tell the loop either way. */
public final class ChannelLinks {
    private ChannelLinks() {
    }

    /**
     * Connects a clone of {@code bootstrap} to {@code address} with {@code handler} as the channel's only handler;
     * on success gives the channel to {@code attach} and calls {@link LoadLoop#opened}, else
     * {@link LoadLoop#openFailed} with the connect error's kind.
     */
    public static void open(Bootstrap bootstrap, InetSocketAddress address, LoadLoop loop, Link link, ChannelHandler handler,
                            Consumer<Channel> attach) {
        ChannelFuture f = connect(bootstrap, address, handler);
        f.addListener(done -> {
            if (done.isSuccess()) {
                attach.accept(f.channel());
                loop.opened(link);
            } else {
                loop.openFailed(ErrorKind.ofConnect(done.cause()));
            }
        });
    }

    /** Connects a clone of {@code bootstrap} to {@code address} with {@code handler} as the channel's only handler. */
    public static ChannelFuture connect(Bootstrap bootstrap, InetSocketAddress address, ChannelHandler handler) {
        return bootstrap.clone().handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(handler);
            }
        }).connect(address);
    }
}
