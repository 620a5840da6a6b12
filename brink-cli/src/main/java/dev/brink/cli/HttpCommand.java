package dev.brink.cli;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
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
        description = {"A one-line HTTP load test: an open model (--rate, latency measured from each request's "
                + "intended send time, so a stalled server cannot hide) or a closed model (--users).",
            "HTTP/1.1 on http:// and https:// URLs; with --http2, HTTP/2 by ALPN on https:// (h2) or by prior knowledge on "
                + "http:// (h2c), requests multiplexed as streams on --connections connections. TLS: the JVM's trust store, "
                + "--cacert or --insecure, a client certificate with --cert and --key; the TLS handshakes are timed apart.",
            "Prints a line per second, then a summary: requests, achieved rate, errors by kind, corrected and "
                + "uncorrected percentiles, and the generator's own health.",
            // picocli interpolates ${...} in help text: $${ prints a literal ${
            "Path, headers and body may use $${seq}, $${random.int(a,b)}, $${random.string(n)}, $${random.decimal(a,b)}, "
                + "$${random.uuid} and $${env.NAME} (never printed); write $$$${ for a literal $${."})
final class HttpCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "URL", description = "http:// or https://host:port/path to load.")
    String url;

    @Mixin
    OneLineLoadOptions load;

    @Option(names = "--connections", paramLabel = "C", description = "Keep-alive connections at most (default: 64, or N with "
            + "--users); with --http2, HTTP/2 connections the streams share (default: 1).")
    Integer connections;

    @Option(names = "--http2", description = "HTTP/2: h2 by ALPN on an https:// URL (a server without h2 is an error unless "
            + "--allow-http1), h2c by prior knowledge on an http:// URL.")
    boolean http2;

    @Option(names = "--allow-http1", description = "With --http2 on https://: speak HTTP/1.1 to a server that does not choose h2.")
    boolean allowHttp1;

    @Option(names = "--streams", paramLabel = "S", description = "With --http2: requests in flight at most, over all "
            + "connections, each connection within the server's SETTINGS_MAX_CONCURRENT_STREAMS (default: 1000, or N with --users).")
    Integer streams;

    @Option(names = "--connection-policy", paramLabel = "P", defaultValue = "shared", description = "shared (default: "
            + "keep-alive connections, reused) or per-call (a new connection, and TLS handshake, per request).")
    String policy;

    @Option(names = "--cacert", paramLabel = "FILE", description = "https: trust the CA certificate(s) in this PEM file instead of the JVM's trust store.")
    Path caCert;

    @Option(names = "--insecure", description = "https: do not verify the server's certificate (a warning says so).")
    boolean insecure;

    @Option(names = "--cert", paramLabel = "FILE", description = "https: the client certificate chain (PEM), for servers that ask for one; needs --key.")
    Path clientCert;

    @Option(names = "--key", paramLabel = "FILE", description = "https: the client certificate's private key (PEM, unencrypted PKCS#8); never printed.")
    Path clientKey;

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
        Plan.Http http = http(base);
        int conns = connections != null ? connections : http2 ? 1 : load.users() != null ? load.users() : 64;
        int limit = http2 ? 10_000 : 60_000;
        if (conns < 1 || conns > limit) throw new BrinkUserException("bad --connections " + conns + ": expected 1.." + limit);
        int slots = http2 ? (streams != null ? streams : load.users() != null ? load.users() : 1000) : conns;
        if (slots < 1 || slots > 60_000) throw new BrinkUserException("bad --streams " + slots + ": expected 1..60000");
        Plan plan = plan(base, http2 ? http.withConnections(conns) : http);
        LoadOptions opts = load.options(slots, t); // --shard and --start-at checked before any connection
        LoadEngine.checkReachable(base, Duration.ofSeconds(5));
        if (insecure) {
            // stderr, so --json output stays one document
            load.spec.commandLine().getErr().println("warning: --insecure: the server's TLS certificate is not verified; "
                    + "anyone on the path could answer for " + base.getAuthority());
        }
        return OneLineLoad.run(load, "http", plan, opts, d, url,
                transport -> HttpReport.headline(url, load.rate(), load.users(), d, plan.target(), slots, transport));
    }

    /** The scheme, host and port of {@code url}: what the connections go to (the path is the request's). */
    private static URI base(String url) throws BrinkUserException {
        URI u = Addresses.httpUrl(url, "URL");
        return URI.create(u.getScheme().toLowerCase(java.util.Locale.ROOT) + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort()));
    }

    /** The HTTP and TLS options, checked against each other and the URL's scheme. */
    private Plan.Http http(URI base) throws BrinkUserException {
        boolean https = base.getScheme().equals("https");
        if (!https && (caCert != null || insecure || clientCert != null || clientKey != null)) {
            throw new BrinkUserException((caCert != null ? "--cacert" : insecure ? "--insecure" : clientCert != null ? "--cert" : "--key")
                    + " is for TLS: expected an https:// URL");
        }
        if (caCert != null && insecure) throw new BrinkUserException("--cacert and --insecure: expected one of them");
        if ((clientCert == null) != (clientKey == null)) throw new BrinkUserException("--cert and --key: expected both (a client certificate and its key)");
        if (allowHttp1 && !(http2 && https)) throw new BrinkUserException("--allow-http1: expected --http2 on an https:// URL beside it");
        if (streams != null && !http2) throw new BrinkUserException("--streams: expected --http2 beside it (HTTP/1.1 carries one request per connection)");
        if (!Plan.Http.POLICIES.contains(policy)) {
            throw new BrinkUserException("bad --connection-policy " + policy + ": expected shared or per-call");
        }
        Plan.Tls tls = caCert != null || insecure || clientCert != null ? new Plan.Tls(caCert, insecure, clientCert, clientKey) : null;
        return new Plan.Http(http2, allowHttp1, tls, policy, 1);
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

    private Plan plan(URI base, Plan.Http http) throws BrinkUserException {
        URI u = Addresses.httpUrl(url, "URL");
        String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        List<Plan.Header> hs = new ArrayList<>();
        for (int i = 0; i < headers.size(); i++) {
            hs.add(header(headers.get(i), i + 1));
        }
        String b = body;
        if (b != null && b.startsWith("@")) {
            Path file;
            try {
                file = Path.of(b.substring(1));
            } catch (java.nio.file.InvalidPathException e) { // a NUL in the name: no file can have it
                throw new BrinkUserException("bad --body file name '" + UserText.quote(b.substring(1)) + "': expected a file name ("
                        + e.getReason() + ")");
            }
            b = InputFiles.readUtf8(file, InputKind.REQUEST_BODY);
        }
        String m = method != null ? method.toUpperCase(java.util.Locale.ROOT) : b != null ? "POST" : "GET";
        if (!m.matches("GET|POST|PUT|DELETE|PATCH|OPTIONS")) {
            throw new BrinkUserException("bad --method " + method + ": expected GET, POST, PUT, DELETE, PATCH or OPTIONS");
        }
        double rps = load.rate() != null ? load.rate() : 1;
        return new Plan("http", new Plan.Target(base, null, null, null, http),
                List.of(new Plan.Operation("http", rps, new Plan.Request(m, path, hs, b), Plan.Check.DEFAULT)), null, null, null);
    }
}
