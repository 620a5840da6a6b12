package dev.brink.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A service that handles one request at a time, as a single-threaded server does: it accepts a connection, reads one
 * request, takes {@code serviceMs} to answer, closes the connection, and only then accepts the next. Connections
 * beyond it wait in the kernel's accept queue of {@code backlog}; past that, handshakes are dropped (connects time out).
 */
final class OneAtATimeServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread thread;

    OneAtATimeServer(int backlog, long serviceMs) throws IOException {
        socket = new ServerSocket(0, backlog, InetAddress.getLoopbackAddress());
        thread = new Thread(() -> serve(serviceMs), "one-at-a-time");
        thread.setDaemon(true);
        thread.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    private void serve(long serviceMs) {
        while (!socket.isClosed()) {
            try (Socket s = socket.accept()) {
                InputStream in = s.getInputStream();
                // the request head ends with an empty line; GETs have no body
                int state = 0;
                while (state < 4) {
                    int b = in.read();
                    if (b < 0) break;
                    state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
                }
                if (state < 4) continue;
                Thread.sleep(serviceMs);
                OutputStream out = s.getOutputStream();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                // a client that gave up, or the socket closed at the end
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        thread.interrupt();
    }
}
