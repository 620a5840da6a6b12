package dev.brink.threads.corpus;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A pool starved by a slow downstream call: eight payment workers each wait in a socket read on a loopback
 * "acquirer" that accepts and never answers, while requests queue behind them. RUNNABLE in I/O, not busy.
 */
public final class PaymentGateway {
    public static void main(String[] args) throws Exception {
        ServerSocket acquirer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        List<Socket> held = new ArrayList<>();
        Programs.start("acquirer-accept", () -> {
            while (true) held.add(acquirer.accept()); // accepts, never answers
        });
        ExecutorService pool = Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r);
            t.setName("payment-worker-" + t.getId());
            t.setDaemon(true);
            return t;
        });
        for (int i = 0; i < 40; i++) {
            pool.submit(() -> {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), acquirer.getLocalPort())) {
                    s.getOutputStream().write("AUTH 42.00\n".getBytes());
                    InputStream in = s.getInputStream();
                    return in.read();
                }
            });
        }
        Thread.sleep(1500);
        Programs.ready();
    }
}
