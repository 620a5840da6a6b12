package dev.brink.jvm.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/**
 * RMI server sockets bound to 127.0.0.1 only: another host cannot even open a connection. Equal to any other instance,
 * so RMI exports every object of the connector on one port.
 */
final class LoopbackServerSocketFactory implements RMIServerSocketFactory {
    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, InetAddress.getByName("127.0.0.1"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackServerSocketFactory;
    }

    @Override
    public int hashCode() {
        return LoopbackServerSocketFactory.class.hashCode();
    }
}
