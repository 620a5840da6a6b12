package dev.brink.cli;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.UserText;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code brink http}: a one-line load test (wrk/vegeta style) on Brink's load engine. */
@Command(name = "http", mixinStandardHelpOptions = true,
        description = {"A one-line HTTP/1.1 load test: an open model (--rate, latency measured from each request's "
                + "intended send time, so a stalled server cannot hide) or a closed model (--users).",
            "Prints a line per second, then a summary: requests, achieved rate, errors by kind, corrected and "
                + "uncorrected percentiles, and the generator's own health.",
            // picocli interpolates ${...} in help text: $${ prints a literal ${
            "Path, headers and body may use $${seq}, $${random.int(a,b)}, $${random.string(n)}, $${random.decimal(a,b)}, "
                + "$${random.uuid} and $${env.NAME} (never printed); write $$$${ for a literal $${."})
final class HttpCommand implements Callable<Integer> {
    /** A body is encoded into each request's buffer: one above this is a mistake (a device, the wrong file). */
    static final long MAX_BODY_BYTES = 16L << 20;

    @Parameters(index = "0", paramLabel = "URL", description = "http://host:port/path to load.")
    String url;

    @Mixin
    OneLineLoadOptions load;

    @Option(names = "--connections", paramLabel = "C", description = "Keep-alive connections at most (default: 64, or N with --users).")
    Integer connections;

    @Option(names = {"-H", "--header"}, paramLabel = "'K: V'", description = "A request header; repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--method", paramLabel = "M", description = "GET (default), or POST when --body is given; also PUT, DELETE, PATCH, OPTIONS.")
    String method;

    @Option(names = "--body", paramLabel = "B|@FILE", description = "Request body, or @file to read it from a UTF-8 text file (at most 16 MiB).")
    String body;

    @Override
    public Integer call() throws Exception {
        Duration d = load.duration();
        Duration t = load.timeout();
        URI base = base(url);
        OneLineLoad.checkModel(load.rate(), load.users());
        int conns = connections != null ? connections : load.users() != null ? load.users() : 64;
        if (conns < 1 || conns > 60_000) throw new BrinkUserException("bad --connections " + conns + ": expected 1..60000");
        Plan plan = plan(base);
        LoadOptions opts = load.options(conns, t); // --shard and --start-at checked before any connection
        LoadEngine.checkReachable(base, Duration.ofSeconds(5));
        return OneLineLoad.run(load, "http", plan, opts, d, url,
                transport -> HttpReport.headline(url, load.rate(), load.users(), d, conns, transport));
    }

    private static URI base(String url) throws BrinkUserException {
        URI u = Addresses.httpUrl(url, "URL");
        return URI.create("http://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort()));
    }

    /**
     * One {@code -H 'Name: value'}. A header value may be a secret (Authorization, a token): messages name the
     * header, never echo its value. CR, LF or NUL would end the header line and start one the user did not
     * write on the wire, so they are refused here, before anything is sent.
     */
    private static Plan.Header header(String h, int n) throws BrinkUserException {
        int colon = h.indexOf(':');
        String name = colon < 1 ? "" : h.substring(0, colon).trim();
        if (UserText.breaksLine(name) || colon >= 1 && UserText.breaksLine(h.substring(0, colon))) name = "";
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
            throw new BrinkUserException("bad -H #" + n + (name.isEmpty() ? "" : " '" + UserText.quote(name) + "'")
                    + ": expected 'Name: value' with a header name of letters, digits and -");
        }
        String value = h.substring(colon + 1).trim();
        // checked before trim() could hide one at either end
        int bad = UserText.firstLineBreak(h.substring(colon + 1));
        if (bad >= 0) {
            throw new BrinkUserException("bad -H '" + name + "': expected a value on one line, without CR, LF or NUL, "
                    + "got one at character " + (bad + 1) + " (value not shown)");
        }
        return new Plan.Header(name, value, false);
    }

    private Plan plan(URI base) throws BrinkUserException {
        URI u = Addresses.httpUrl(url, "URL");
        String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        List<Plan.Header> hs = new ArrayList<>();
        for (int i = 0; i < headers.size(); i++) {
            hs.add(header(headers.get(i), i + 1));
        }
        String b = body;
        if (b != null && b.startsWith("@")) {
            b = InputFiles.readUtf8(Path.of(b.substring(1)), "a request body", MAX_BODY_BYTES);
        }
        String m = method != null ? method.toUpperCase(java.util.Locale.ROOT) : b != null ? "POST" : "GET";
        if (!m.matches("GET|POST|PUT|DELETE|PATCH|OPTIONS")) {
            throw new BrinkUserException("bad --method " + method + ": expected GET, POST, PUT, DELETE, PATCH or OPTIONS");
        }
        double rps = load.rate() != null ? load.rate() : 1;
        return new Plan("http", new Plan.Target(base, null),
                List.of(new Plan.Operation("http", rps, new Plan.Request(m, path, hs, b), Plan.Check.DEFAULT)), null, null, null);
    }
}
