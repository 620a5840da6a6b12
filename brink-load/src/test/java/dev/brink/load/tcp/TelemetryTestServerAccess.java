package dev.brink.load.tcp;

import java.io.IOException;

/** {@link TelemetryTestServer} and its plan, for tests outside this package. */
public final class TelemetryTestServerAccess implements AutoCloseable {
    private final TelemetryTestServer server;

    public TelemetryTestServerAccess() throws InterruptedException {
        server = new TelemetryTestServer();
    }

    /** tcp/telematics.yaml aimed at this server. */
    public String plan() throws IOException {
        return TcpLoadTest.telematics(server.port());
    }

    /** Packets the server received. */
    public long packets() {
        return server.packets.get();
    }

    @Override
    public void close() {
        server.close();
    }
}
