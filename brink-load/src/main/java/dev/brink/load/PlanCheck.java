package dev.brink.load;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.CsvFeeder;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Session;
import dev.brink.load.grpc.GrpcProtocols;
import dev.brink.load.http.RequestEncoder;
import dev.brink.load.plan.Plan;
import dev.brink.load.tcp.Packet;
import dev.brink.load.tcp.TcpSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What {@code brink check PLAN} shows: one request of each operation as the engine would send it, rendered with the
 * generators' first values and the CSV file's first row, every secret masked ("***": secret headers and metadata,
 * {@code ${env.NAME}} values, the data's secret columns). Built by the same encoders as a run ({@link RequestEncoder},
 * the gRPC message compiler, the TCP packet templates), so a request that cannot be made is the same one-line error
 * here as at the start of a run. Nothing is sent; the caller connects separately ({@code --connect}).
 */
public final class PlanCheck {
    /** A rendered body or packet longer than this is cut: the check shows its shape, not all of it. */
    static final int MAX_CHARS = 2000;
    private static final String MASK = "***";

    private PlanCheck() {
    }

    /** One operation rendered: its name and what goes on the wire, as text. */
    public record Sample(String operation, String text) {
    }

    /**
     * @param reflect a gRPC plan without a .proto or protoset asks the server's reflection for its descriptors (a
     *                connection; {@code --connect}); without it those methods are not checked
     */
    public static List<Sample> samples(Plan plan, boolean reflect) throws BrinkUserException {
        // every environment value is masked: it is never printed, and a variable not set here is not the plan's error
        UnaryOperator<String> env = name -> MASK;
        Plan shown = plan.redacted();
        CsvFeeder feeder = plan.data() == null ? null : CsvFeeder.load(plan.data().csv(), false);
        List<String> columns = feeder == null ? List.of() : feeder.columns();
        RequestContext ctx = new RequestContext(1, feeder);
        ctx.next();
        maskSecretColumns(plan, ctx);
        // a value a flow's earlier step extracts has no response to come from here: its name stands in for it
        Session session = new Session();
        for (Plan.Operation op : plan.profile()) {
            for (Plan.Extract e : op.extract()) session.put(e.name(), ("session." + e.name()).getBytes(StandardCharsets.UTF_8));
        }
        ctx.session = session;
        List<Sample> out = new ArrayList<>();
        if (plan.target().grpc() != null) {
            List<String> texts = GrpcProtocols.describe(shown, columns, env, ctx, reflect);
            for (int i = 0; i < texts.size(); i++) out.add(new Sample(plan.profile().get(i).name(), cut(texts.get(i))));
        } else if (plan.target().tcp() != null) {
            out.add(new Sample(plan.profile().get(0).name(), tcp(TcpSpec.of(plan), ctx)));
        } else {
            RequestEncoder[] encoders = RequestEncoder.forPlan(shown, columns, env);
            ByteBuf buf = Unpooled.buffer();
            for (int i = 0; i < encoders.length; i++) {
                buf.clear();
                encoders[i].encode(buf, ctx);
                out.add(new Sample(plan.profile().get(i).name(), cut(buf.toString(StandardCharsets.UTF_8).replace("\r\n", "\n").strip())));
            }
            buf.release();
        }
        return out;
    }

    /** The data's secret columns as "***" in the row every template reads. */
    private static void maskSecretColumns(Plan plan, RequestContext ctx) {
        if (plan.data() == null || ctx.row == null) return;
        byte[][] row = ctx.row.clone();
        List<String> cols = plan.data().columns();
        for (int c = 0; c < cols.size() && c < row.length; c++) {
            if (plan.data().secretColumns().contains(cols.get(c))) row[c] = MASK.getBytes(StandardCharsets.US_ASCII);
        }
        ctx.row = row;
    }

    /** The first session's first packets (login, a data packet, the logout when there is one), in hex. */
    private static String tcp(TcpSpec spec, RequestContext ctx) {
        dev.brink.load.tcp.Session s = new dev.brink.load.tcp.Session(spec.variables().size());
        spec.start(s, 0, System.currentTimeMillis(), ctx.row, 1);
        byte[] scratch = new byte[spec.maxWireSize()];
        byte[] wire = new byte[spec.maxWireSize()];
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            Packet p = spec.next(s);
            if (p == null) break;
            int n = p.encode(s, scratch, wire);
            if (b.length() > 0) b.append('\n');
            b.append(p.name()).append(" (").append(n).append(" bytes): ").append(HexFormat.ofDelimiter(" ").formatHex(wire, 0, n));
        }
        return cut(b.toString());
    }

    private static String cut(String text) {
        return text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS) + "… (" + text.length() + " characters)";
    }
}
