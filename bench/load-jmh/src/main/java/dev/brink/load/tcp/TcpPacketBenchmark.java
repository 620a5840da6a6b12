package dev.brink.load.tcp;

import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The per-packet path of a raw-TCP session: move the session's variables one interval and encode the data
 * packet of the JT/T 808-style plan (BCD time, scaled ints, length, XOR, 7E/7D escaping) into the protocol's
 * arrays. Run with {@code -prof gc}: gc.alloc.rate.norm is the allocation per packet, the goal is 0.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TcpPacketBenchmark {
    private TcpSpec spec;
    private Session session;
    private byte[] scratch;
    private byte[] wire;

    @Setup
    public void setup() throws Exception {
        String plan = Files.readString(Path.of(System.getProperty("brink.plan", "brink-load/src/test/resources/tcp/telematics.yaml")))
                .replace("PORT", "9");
        spec = TcpSpec.of(PlanReader.parse(plan, "telematics.yaml", Path.of("."), k -> null));
        session = new Session(spec.variables().size());
        spec.start(session, 0, System.currentTimeMillis(), null, 42);
        spec.next(session); // the login: from here on, data packets
        scratch = new byte[spec.maxWireSize()];
        wire = new byte[spec.maxWireSize()];
    }

    @Benchmark
    public int nextDataPacket() {
        Packet p = spec.next(session);
        if (p == null || spec.ended(session)) { // a session of 50 packets: start the next one, as a device would
            spec.start(session, 1, 1_700_000_000_000L, null, 42);
            p = spec.next(session);
        }
        return p.encode(session, scratch, wire);
    }
}
