package dev.brink.jvm.agent;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;

/**
 * Travels in the connector's stub to Brink: connects to 127.0.0.1 whatever host the stub names. RMI writes this host's
 * name or address into a stub ({@code java.rmi.server.hostname}, else the local host's address), and the server socket
 * listens on the loopback address only; setting that property instead would change what the application's own RMI
 * objects advertise.
 */
final class LoopbackClientSocketFactory implements RMIClientSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(InetAddress.getByName("127.0.0.1"), port);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackClientSocketFactory;
    }

    @Override
    public int hashCode() {
        return LoopbackClientSocketFactory.class.hashCode();
    }
}
