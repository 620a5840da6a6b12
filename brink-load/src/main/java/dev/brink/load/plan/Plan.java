package dev.brink.load.plan;

import dev.brink.core.UserText;
import dev.brink.core.gate.Gate;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The user's plan (DESIGN.md "Plan"): target, weighted profile of operations with their 100 % rates,
 * request templates, checks, SLO, phases and an optional CSV feeder. Immutable data, validated when read
 * ({@link dev.brink.load.plan.bind.PlanReader}): every error names file:line:column and what was expected. Template strings are kept as written
 * (an {@code ${env.NAME}} value is never stored here), literal secret header values are redacted by
 * {@link #redacted()}.
 */
public record Plan(String name, Target target, List<Operation> profile, Slo slo, Phases phases, Data data, FailOn failOn,
                   Users users, List<Flow> flows) {
    public Plan {
        Objects.requireNonNull(name, "name");
        failOn = failOn == null ? FailOn.NEVER : failOn;
        Objects.requireNonNull(target, "target");
        profile = List.copyOf(profile);
        if (profile.isEmpty()) throw new IllegalArgumentException("a plan needs at least one operation");
        flows = flows == null ? List.of() : List.copyOf(flows);
        for (Flow f : flows) {
            for (int i : f.steps()) if (i < 0 || i >= profile.size()) throw new IllegalArgumentException("flow step out of range");
        }
    }

    /** An open-model plan without flows (each operation on its own). */
    public Plan(String name, Target target, List<Operation> profile, Slo slo, Phases phases, Data data, FailOn failOn) {
        this(name, target, profile, slo, phases, data, failOn, null, List.of());
    }

    /** A plan without a CI gate. */
    public Plan(String name, Target target, List<Operation> profile, Slo slo, Phases phases, Data data) {
        this(name, target, profile, slo, phases, data, FailOn.NEVER);
    }

    /** True when users are closed-model virtual users ({@code users:}), false for an open model ({@code rps:}). */
    public boolean closedModel() {
        return users != null;
    }

    /** Sum of the profile's rates: the request rate at multiplier 1 (an open model's). */
    public double totalRps() {
        return profile.stream().mapToDouble(Operation::rps).sum();
    }

    /** This plan with literal secret header values replaced by "***" (for plan.yaml in the run directory). */
    public Plan redacted() {
        List<Operation> ops = profile.stream().map(o -> new Operation(o.name(), o.rps(),
                o.request().withHeaders(o.request().headers().stream()
                        .map(h -> h.secret() ? new Header(h.name(), "***", true) : h).toList()),
                o.check(), o.extract(), o.think())).toList();
        return new Plan(name, target, ops, slo, phases, data, failOn, users, flows);
    }

    /**
     * base_url plus how to reach the JVM (all optional for a load-only run). A gRPC target has a
     * {@code grpc://host:port} base URL and its {@link Grpc} settings; its operations' requests then read
     * path = the full method name ({@code pkg.Service/Method}), headers = metadata, body = the JSON message.
     */
    public record Target(URI baseUrl, Jvm jvm, Grpc grpc, TcpPackets tcp, Http http) {
        public Target {
            Objects.requireNonNull(baseUrl, "base_url");
            if ((grpc != null) != "grpc".equalsIgnoreCase(baseUrl.getScheme())) {
                throw new IllegalArgumentException("a grpc:// target needs its grpc settings, and only it");
            }
            if ((tcp != null) != "tcp".equalsIgnoreCase(baseUrl.getScheme())) {
                throw new IllegalArgumentException("a tcp:// target needs its packets, and only it");
            }
            boolean web = "http".equalsIgnoreCase(baseUrl.getScheme()) || "https".equalsIgnoreCase(baseUrl.getScheme());
            if (http != null && !web) throw new IllegalArgumentException("HTTP settings only for an http:// or https:// target");
            if (web && http == null) http = Http.DEFAULT;
            if (http != null && http.tls() != null && !"https".equalsIgnoreCase(baseUrl.getScheme())) {
                throw new IllegalArgumentException("TLS settings only for an https:// target");
            }
        }

        public Target(URI baseUrl, Jvm jvm, Grpc grpc, TcpPackets tcp) {
            this(baseUrl, jvm, grpc, tcp, null);
        }

        public Target(URI baseUrl, Jvm jvm, Grpc grpc) {
            this(baseUrl, jvm, grpc, null);
        }

        public Target(URI baseUrl, Jvm jvm) {
            this(baseUrl, jvm, null);
        }

        /** True for an {@code https://} target: every connection is TLS. */
        public boolean tls() {
            return "https".equalsIgnoreCase(baseUrl.getScheme());
        }

        /** This target at {@code url} (same scheme kind), its settings kept: what a test or build that started the service does. */
        public Target at(URI url, Jvm newJvm) {
            Http h = http;
            if (h != null && h.tls() != null && !"https".equalsIgnoreCase(url.getScheme())) h = h.withTls(null);
            return new Target(url, newJvm, grpc, tcp, h);
        }
    }

    /**
     * How an HTTP target is spoken to (DESIGN.md "HTTPS and HTTP/2").
     *
     * @param http2       HTTP/2: by ALPN over TLS ({@code h2}), by prior knowledge on {@code http://} ({@code h2c})
     * @param allowHttp1  with {@code http2} over TLS: a server that does not choose h2 by ALPN is spoken to in HTTP/1.1
     *                    instead of being an error
     * @param tls         how the server's certificate is trusted and the client's own, for an https:// target; null:
     *                    the JVM's trust store, no client certificate
     * @param policy      {@code shared} (keep-alive connections, HTTP/2 streams multiplexed on them) or {@code per-call}
     *                    (a new connection, and so a TLS handshake, per request: what handshake-bound tests need)
     * @param connections HTTP/2 connections at most, streams multiplexed on them (HTTP/1.1: the engine's connection
     *                    limit decides)
     */
    public record Http(boolean http2, boolean allowHttp1, Tls tls, String policy, int connections) {
        public static final Set<String> POLICIES = Set.of("shared", "per-call");
        public static final Http DEFAULT = new Http(false, false, null, "shared", 1);

        public Http {
            if (!POLICIES.contains(policy)) throw new IllegalArgumentException("policy shared|per-call");
            if (connections < 1 || connections > 10_000) throw new IllegalArgumentException("connections 1..10000");
            if (allowHttp1 && !http2) throw new IllegalArgumentException("allow_http1 only with http2");
        }

        public Http withTls(Tls t) {
            return new Http(http2, allowHttp1, t, policy, connections);
        }

        public Http withConnections(int n) {
            return new Http(http2, allowHttp1, tls, policy, n);
        }

        /** True when a connection carries one request at a time and is closed after it. */
        public boolean perCall() {
            return policy.equals("per-call");
        }
    }

    /**
     * A raw-TCP target's packets, compiled when the plan is read: the tcp package's {@code TcpSpec}, which also
     * sends them. The model carries them without knowing their form, so the plan depends on no protocol; plan.yaml
     * writes back the sections they were compiled from, and two are equal when those sections say the same.
     */
    public interface TcpPackets {
        /** The root sections they were compiled from ({@code variables}, {@code packets}, {@code session}, {@code response}), in file order. */
        Map<String, PlanNode> sections();
    }

    /**
     * How to reach a gRPC service. Descriptors come from a .proto file (parsed in-process, imports found in
     * {@code importPaths}), a protoset ({@code protoc --descriptor_set_out}), or, when both are null, the
     * server's reflection service.
     *
     * @param channels HTTP/2 connections shared round-robin by all calls (policy {@code shared})
     * @param policy   {@code shared}, {@code per-user} (a connection per concurrent caller) or {@code per-call}
     *                 (a new connection per call, closed after it: what exhausts ephemeral ports)
     * @param deadline each call's deadline, null for none
     */
    /**
     * A gRPC target's settings. {@code tls} null is plaintext HTTP/2; {@code authority} (null: host:port) is the
     * :authority every call names, and with TLS the name the server's certificate must carry.
     */
    public record Grpc(Path proto, List<Path> importPaths, Path protoset, int channels, String policy, Duration deadline,
                       Tls tls, String authority) {
        public static final Set<String> POLICIES = Set.of("shared", "per-user", "per-call");

        public Grpc {
            importPaths = List.copyOf(importPaths);
            if (proto != null && protoset != null) throw new IllegalArgumentException("proto or protoset, not both");
            if (channels < 1 || channels > 10_000) throw new IllegalArgumentException("channels 1..10000");
            if (!POLICIES.contains(policy)) throw new IllegalArgumentException("policy shared|per-user|per-call");
            if (authority != null && !authority.matches("[^\\s/@]+")) throw new IllegalArgumentException("authority host[:port]");
        }

        /** Plaintext, the server's own authority. */
        public Grpc(Path proto, List<Path> importPaths, Path protoset, int channels, String policy, Duration deadline) {
            this(proto, importPaths, protoset, channels, policy, deadline, null, null);
        }
    }

    /**
     * TLS to a server (gRPC or HTTPS): trust from {@code caCert} (PEM certificates), or the JVM's default trust store
     * when null; {@code insecure} skips verifying the server's certificate altogether (printed as a warning);
     * {@code clientCert} and {@code clientKey} (PEM; both or neither; HTTPS only) are the client's own certificate
     * chain and unencrypted PKCS#8 key for mutual TLS. The key's content is never read into a message.
     */
    public record Tls(Path caCert, boolean insecure, Path clientCert, Path clientKey) {
        public Tls {
            if (insecure && caCert != null) throw new IllegalArgumentException("a CA certificate or insecure, not both");
            if ((clientCert == null) != (clientKey == null)) throw new IllegalArgumentException("a client certificate needs its key");
        }

        public Tls(Path caCert, boolean insecure) {
            this(caCert, insecure, null, null);
        }
    }

    /**
     * Exactly one of pid, jmx ("host:port") or launch (a command line); null when absent from the plan.
     * {@code appPackages}: the application's Java packages, for the findings that name its code (empty: read from the
     * JVM's main class). {@code startTimeout}: how long a launched target may take to listen on the target's port
     * (null: the default, {@link #DEFAULT_START_TIMEOUT}); only with {@code launch}.
     */
    public record Jvm(Long pid, String jmx, List<String> launch, List<String> appPackages, Duration startTimeout) {
        public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);

        public Jvm {
            launch = launch == null ? null : List.copyOf(launch);
            appPackages = appPackages == null ? List.of() : List.copyOf(appPackages);
            int n = (pid != null ? 1 : 0) + (jmx != null ? 1 : 0) + (launch != null ? 1 : 0);
            if (n != 1) throw new IllegalArgumentException("exactly one of pid, jmx, launch");
            if (startTimeout != null && launch == null) throw new IllegalArgumentException("start_timeout only with launch");
        }

        /** How long a launched target may take to listen. */
        public Duration startTimeoutOrDefault() {
            return startTimeout == null ? DEFAULT_START_TIMEOUT : startTimeout;
        }

        /** A JVM whose application packages are read from its recordings (the main class), not named. */
        public Jvm(Long pid, String jmx, List<String> launch) {
            this(pid, jmx, launch, List.of(), null);
        }
    }

    /**
     * One operation: its rate at 100 % of the profile (req/s; in a closed-model plan its weight among the
     * user's choices), its request, its check, the values it extracts from its response into the user's
     * session, and the think time after its answer when the step sets its own ({@code think:}; null: the plan's).
     */
    public record Operation(String name, double rps, Request request, Check check, List<Extract> extract, ThinkTime think) {
        public Operation {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(check, "check");
            extract = extract == null ? List.of() : List.copyOf(extract);
            if (!(rps >= 0) || Double.isInfinite(rps)) throw new IllegalArgumentException("rps must be >= 0");
        }

        /** An operation that thinks as the plan's users do ({@code think} null: {@link Users#think()}). */
        public Operation(String name, double rps, Request request, Check check, List<Extract> extract) {
            this(name, rps, request, check, extract, null);
        }

        public Operation(String name, double rps, Request request, Check check) {
            this(name, rps, request, check, List.of());
        }
    }

    /**
     * Closed model ({@code users:}): {@code count} virtual users at multiplier 1 (the capacity search
     * multiplies it), each thinking {@code think} after every answer; {@code pacing}, when not zero, is the
     * time between the starts of one user's flows, on a fixed grid (a user done early waits;
     * one later than a whole pacing starts at once, and its grid restarts there); a plan with flows only.
     */
    public record Users(int count, ThinkTime think, Duration pacing) {
        public static final int MAX = 60_000;

        public Users {
            if (count < 1 || count > MAX) throw new IllegalArgumentException("users 1.." + MAX);
            Objects.requireNonNull(think, "think");
            Objects.requireNonNull(pacing, "pacing");
        }
    }

    /**
     * An ordered list of operations one virtual user runs (search → open → edit), by index into the profile.
     * {@code rate}: flows started per second at multiplier 1 (open model), or the flow's weight among a
     * closed-model user's choices.
     */
    public record Flow(String name, double rate, List<Integer> steps) {
        public Flow {
            Objects.requireNonNull(name, "name");
            steps = List.copyOf(steps);
            if (steps.isEmpty()) throw new IllegalArgumentException("a flow needs a step");
            if (!(rate >= 0) || Double.isInfinite(rate)) throw new IllegalArgumentException("rate >= 0");
        }
    }

    /**
     * One value taken from a response into the user's session as {@code ${session.NAME}}.
     *
     * @param from       where to look: a JSON path ({@code $.owners[0].id}), a regex (group 1, or the whole
     *                   match without a group), a response header, a cookie the response sets, or an HTML
     *                   form field's value ({@code <input name="_csrf" value="…">})
     * @param expression the path, pattern, header name, cookie name or field name
     */
    public record Extract(String name, Source from, String expression) {
        public enum Source {
            JSON("json"), REGEX("regex"), HEADER("header"), COOKIE("cookie"), FORM_FIELD("form_field");

            public final String key;

            Source(String key) {
                this.key = key;
            }
        }

        public Extract {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(expression, "expression");
        }
    }

    /**
     * Method, path template (joined to base_url), header templates and an optional body template. {@code form},
     * when not null, is the {@code form:} map (name → value template) the body was built from (see {@link FormBody}):
     * its values' generated parts are URL-encoded when written. {@code json}, when not null, is the {@code json:}
     * tree (maps, lists, strings, numbers, booleans, null) the body was built from (see {@link JsonBody}).
     * {@code multipart}, when not null, are the parts of a multipart/form-data body (the body is then null: the
     * encoder writes the parts). {@code followRedirects}: how many redirects the request follows, 0 for none
     * (the default: a 3xx is the answer).
     */
    public record Request(String method, String path, List<Header> headers, String body, Map<String, String> form,
                          Object json, List<Part> multipart, int followRedirects) {
        /** What {@code follow_redirects: true} allows: as many hops as browsers allow in practice is far more than a page needs. */
        public static final int DEFAULT_MAX_REDIRECTS = 5;
        public static final int MAX_REDIRECTS = 20;

        public Request {
            method = method.toUpperCase(Locale.ROOT);
            headers = List.copyOf(headers);
            Objects.requireNonNull(path, "path");
            if (UserText.breaksLine(path)) throw new IllegalArgumentException("path holds CR, LF or NUL");
            if (followRedirects < 0 || followRedirects > MAX_REDIRECTS) throw new IllegalArgumentException("follow_redirects 0.." + MAX_REDIRECTS);
            if ((form != null ? 1 : 0) + (json != null ? 1 : 0) + (multipart != null ? 1 : 0) > 1) {
                throw new IllegalArgumentException("one of form, json, multipart");
            }
            if (form != null) {
                form = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(form));
                body = FormBody.template(form);
            }
            if (json != null) body = JsonBody.template(json);
            if (multipart != null) {
                multipart = List.copyOf(multipart);
                if (multipart.isEmpty()) throw new IllegalArgumentException("a multipart body needs a part");
                body = null;
            }
        }

        public Request(String method, String path, List<Header> headers, String body, Map<String, String> form) {
            this(method, path, headers, body, form, null, null, 0);
        }

        public Request(String method, String path, List<Header> headers, String body) {
            this(method, path, headers, body, null);
        }

        /** This request with {@code headers} instead of its own (the rest unchanged). */
        public Request withHeaders(List<Header> newHeaders) {
            return new Request(method, path, newHeaders, form != null || json != null ? null : body, form, json, multipart, followRedirects);
        }

        /**
         * One part of a multipart/form-data body: a field ({@code value}, a template) or a file ({@code file}, read
         * when the plan is read, sent as {@code filename} with {@code contentType}).
         */
        public record Part(String name, String value, Path file, byte[] content, String filename, String contentType) {
            public Part {
                Objects.requireNonNull(name, "name");
                if ((value == null) == (file == null)) throw new IllegalArgumentException("a value or a file");
                if (file != null) Objects.requireNonNull(content, "content");
            }

            /** By value, the file's bytes included (a record compares arrays by identity). */
            @Override
            public boolean equals(Object o) {
                return o instanceof Part p && name.equals(p.name) && Objects.equals(value, p.value) && Objects.equals(file, p.file)
                        && java.util.Arrays.equals(content, p.content) && Objects.equals(filename, p.filename)
                        && Objects.equals(contentType, p.contentType);
            }

            @Override
            public int hashCode() {
                return Objects.hash(name, value, file, java.util.Arrays.hashCode(content), filename, contentType);
            }
        }
    }

    /** A header; {@code secret} values never reach any output. */
    public record Header(String name, String value, boolean secret) {
        /** Header names whose values are treated as secret even when not marked. */
        public static final Set<String> ALWAYS_SECRET = Set.of("authorization", "proxy-authorization", "cookie",
                "x-api-key", "x-auth-token");

        public Header {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            // the value may be secret: the message never shows it
            if (UserText.breaksLine(name) || UserText.breaksLine(value)) {
                throw new IllegalArgumentException("header " + UserText.quote(name) + ": CR, LF or NUL in its name or value");
            }
            secret = secret || ALWAYS_SECRET.contains(name.toLowerCase(Locale.ROOT)) || value.contains("${env.");
        }
    }

    /**
     * A response check: the expected status, or 0 for "any 2xx or 3xx". {@code accepted}, when not empty, is every
     * status that passes ({@code status: [200, 302]}, {@code status: 200-299}); {@code status} is then its lowest.
     */
    public record Check(int status, java.util.SortedSet<Integer> accepted, List<Content> content) {
        public static final Check DEFAULT = new Check(0);

        /**
         * A check on the response's content: {@code from} names where ({@link Extract.Source#REGEX} for the body,
         * {@code HEADER}, {@code JSON}); it passes when that value exists and, if {@code matches} is not null,
         * the whole value matches that regular expression.
         */
        public record Content(Extract.Source from, String expression, String matches) {
            public Content {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(expression, "expression");
            }
        }

        public Check(int status, java.util.SortedSet<Integer> accepted) {
            this(status, accepted, List.of());
        }

        public Check {
            content = content == null ? List.of() : List.copyOf(content);
            accepted = accepted == null ? java.util.Collections.emptySortedSet()
                    : java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(accepted));
            if (!accepted.isEmpty()) status = accepted.first();
            for (int s : accepted) if (s < 100 || s > 599) throw new IllegalArgumentException("status 100..599");
            if (status != 0 && (status < 100 || status > 599)) throw new IllegalArgumentException("status 100..599");
        }

        public Check(int status) {
            this(status, null);
        }

        /** True when {@code s} passes this check. */
        public boolean passes(int s) {
            if (!accepted.isEmpty()) return accepted.contains(s);
            return status == 0 ? s >= 200 && s < 400 : s == status;
        }
    }

    /** Service level objective: max error rate (0..1) and p99 latency bound in milliseconds. */
    public record Slo(double errorRate, double p99Ms) {
        public Slo {
            if (!(errorRate >= 0 && errorRate <= 1)) throw new IllegalArgumentException("error_rate in 0..1");
            if (!(p99Ms > 0)) throw new IllegalArgumentException("p99_ms > 0");
        }
    }

    /** The method's phases; each may be null when the plan leaves it out. {@code stages}: a load shape run as one step. */
    public record Phases(Capacity capacity, Confirm confirm, Soak soak, Stages stages) {
        public Phases(Capacity capacity, Confirm confirm, Soak soak) {
            this(capacity, confirm, soak, null);
        }
    }

    /** Capacity search: multipliers start, start+step … max, each held for stepDuration after warmup. */
    public record Capacity(double start, double step, double max, Duration stepDuration, Duration warmup, boolean refine) {
        public Capacity {
            if (!(start >= 1 && step >= 1 && max >= start)) throw new IllegalArgumentException("1 <= start <= max, step >= 1");
            if (start != Math.rint(start) || step != Math.rint(step) || max != Math.rint(max)) {
                throw new IllegalArgumentException("whole multipliers: start, step and max");
            }
            Objects.requireNonNull(stepDuration, "step_duration");
            Objects.requireNonNull(warmup, "warmup");
        }
    }

    /**
     * Confirmation: ramp to a multiplier over {@code ramp}, hold for {@code hold}. The multiplier is the
     * capacity search's maximum, or {@code multiplier} when given (null: take the search's), a whole one as the search's are.
     */
    public record Confirm(Duration ramp, Duration hold, Double multiplier) {
        public Confirm {
            Objects.requireNonNull(ramp, "ramp");
            Objects.requireNonNull(hold, "hold");
            if (multiplier != null && !(multiplier >= 1 && multiplier == Math.rint(multiplier))) {
                throw new IllegalArgumentException("a whole multiplier >= 1");
            }
        }

        public Confirm(Duration ramp, Duration hold) {
            this(ramp, hold, null);
        }
    }

    /**
     * Soak: hold {@code multiplier} × profile for {@code hold}; optional small heap in bytes (null: none);
     * {@code probes} full-GC probes (class histograms) spread over the hold, 0 for none.
     */
    public record Soak(double multiplier, Duration hold, Long smallHeapBytes, int probes) {
        public static final int DEFAULT_PROBES = 6;

        public Soak {
            if (!(multiplier > 0)) throw new IllegalArgumentException("multiplier > 0");
            Objects.requireNonNull(hold, "hold");
            if (probes < 0) throw new IllegalArgumentException("probes >= 0");
        }

        public Soak(double multiplier, Duration hold, Long smallHeapBytes) {
            this(multiplier, hold, smallHeapBytes, DEFAULT_PROBES);
        }
    }

    /**
     * The CI gate ({@code fail_on}): which verdicts make {@code brink run} exit with code 3. Each condition is
     * off when null or false.
     *
     * @param capacityBelow   fail when the capacity search's max multiplier is below this
     * @param confirmDegraded fail when the confirmation degraded
     * @param soakLeak        fail when the soak found a leak or the target died
     * @param findings        fail on any finding of this severity or worse ("critical", "warning", "info")
     * @param thresholds      threshold expressions ({@code p99>200ms,errors>1%}), judged on the confirmation hold and
     *                        the soak's load, and on the run's findings; {@link Gate#NONE} for none
     */
    public record FailOn(Double capacityBelow, boolean confirmDegraded, boolean soakLeak, String findings, Gate thresholds) {
        public static final FailOn NEVER = new FailOn(null, false, false, null);

        public FailOn {
            thresholds = thresholds == null ? Gate.NONE : thresholds;
        }

        public FailOn(Double capacityBelow, boolean confirmDegraded, boolean soakLeak, String findings) {
            this(capacityBelow, confirmDegraded, soakLeak, findings, Gate.NONE);
        }
    }

    /**
     * One stage of a load shape ({@code stages:}, {@code --stages}): the load moves linearly from {@code from} to
     * {@code to} over {@code duration}; a hold or a spike has {@code from == to}. In req/s for an open model, users for a
     * closed one ({@link Stages#users}).
     *
     * @param kind the word it was written with (ramp, hold, spike), for the console and the report
     */
    public record Stage(String kind, double from, double to, Duration duration) {
        public Stage {
            Objects.requireNonNull(kind, "kind");
            if (!(from >= 0 && to >= 0) || Double.isInfinite(from) || Double.isInfinite(to)) throw new IllegalArgumentException("from, to >= 0");
            if (duration.toMillis() < 1) throw new IllegalArgumentException("duration >= 1ms");
        }

        /** "ramp 100->1000 req/s over 20s", "hold 50 users for 1m": as it can be written. */
        public String text(boolean users) {
            String unit = users ? " users" : " req/s";
            String d = dev.brink.core.Durations.format(duration);
            return kind.equals("ramp") ? "ramp " + num(from) + "->" + num(to) + unit + " over " + d : kind + " " + num(to) + unit + " for " + d;
        }

        private static String num(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }

    /** A load shape: its stages in order, in users ({@code users} true) or req/s. */
    public record Stages(boolean users, List<Stage> stages) {
        public Stages {
            stages = List.copyOf(stages);
            if (stages.isEmpty()) throw new IllegalArgumentException("a stage at least");
        }

        public Duration duration() {
            return stages.stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
        }

        /** The highest load any stage asks for. */
        public double peak() {
            return stages.stream().mapToDouble(s -> Math.max(s.from(), s.to())).max().orElse(0);
        }

        public String text() {
            return String.join(", ", stages.stream().map(s -> s.text(users)).toList());
        }
    }

    /** CSV feeder: file (absolute), row order, and columns whose values are secret. */
    public record Data(Path csv, boolean random, List<String> columns, Set<String> secretColumns) {
        public Data {
            Objects.requireNonNull(csv, "csv");
            columns = List.copyOf(columns);
            secretColumns = Set.copyOf(secretColumns);
        }
    }
}
