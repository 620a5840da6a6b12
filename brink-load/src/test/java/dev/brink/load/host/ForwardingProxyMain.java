package dev.brink.load.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A userland port proxy as Docker's docker-proxy is one, for {@link DockerProxyTargetTest}: started with docker-proxy's
 * own arguments ({@code -proto tcp -host-ip H -host-port HP -container-ip C -container-port CP}), it accepts on H:HP
 * and copies every byte both ways to a connection to C:CP. Prints "ready" once it listens and ends by itself after
 * the seconds of the system property {@code proxy.seconds} (30 by default).
 */
public final class ForwardingProxyMain {
    private ForwardingProxyMain() {
    }

    public static void main(String[] args) throws Exception {
        String hostIp = null, containerIp = null;
        int hostPort = -1, containerPort = -1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "-host-ip" -> hostIp = args[i + 1];
                case "-host-port" -> hostPort = Integer.parseInt(args[i + 1]);
                case "-container-ip" -> containerIp = args[i + 1];
                case "-container-port" -> containerPort = Integer.parseInt(args[i + 1]);
                default -> { } // -proto tcp
            }
        }
        InetSocketAddress to = new InetSocketAddress(InetAddress.getByName(containerIp), containerPort);
        ServerSocket listener = new ServerSocket(hostPort, 64, InetAddress.getByName(hostIp));
        Thread acceptor = new Thread(() -> {
            while (true) {
                try {
                    Socket in = listener.accept();
                    Socket out = new Socket();
                    out.connect(to, 5000);
                    in.setTcpNoDelay(true);
                    out.setTcpNoDelay(true);
                    copy(in, out);
                    copy(out, in);
                } catch (IOException e) {
                    // one connection failed: the next one is tried
                }
            }
        }, "accept");
        acceptor.setDaemon(true);
        acceptor.start();
        System.out.println("ready");
        Thread.sleep(Long.getLong("proxy.seconds", 30) * 1000);
        System.exit(0);
    }

    private static void copy(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
            } catch (IOException e) {
                // either side closed
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }, "copy");
        t.setDaemon(true);
        t.start();
    }
}
