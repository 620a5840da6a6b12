package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink check PLAN}: every plan in examples/ checks clean and renders one request per operation with its secrets
 * masked; a broken plan is one line with where and what was expected, exit 2; nothing is sent unless --connect.
 */
class CheckCommandTest {
    @TempDir
    Path dir;

    @Test
    void everyExamplePlanChecksAndRendersEachOperation() throws Exception {
        List<Path> plans;
        try (Stream<Path> files = Files.walk(Path.of("..", "examples"))) {
            plans = files.filter(f -> f.getFileName().toString().endsWith(".yaml") && !f.toString().contains("/target/")).toList();
        }
        assertThat(plans).hasSizeGreaterThanOrEqualTo(2);
        for (Path plan : plans) {
            BrinkRun r = brink("check", plan.toString());
            assertThat(r.code).as(plan + ": " + r.err).isZero();
            assertThat(r.out).startsWith(plan + ": ok — ").contains("  operation  ").containsPattern("(?m)^    (GET|POST|PUT|DELETE) /");
        }
    }

    @Test
    void secretsAreMaskedAndEveryProtocolRenders() throws Exception {
        Files.writeString(dir.resolve("users.csv"), "user,token\nada,s3cr3t-token\n");
        Path http = write("http.yaml", """
                name: masked
                target: {base_url: "http://127.0.0.1:9"}
                data: {csv: users.csv, secret: [token]}
                profile:
                  - name: login
                    rps: 5
                    request:
                      method: POST
                      path: /login/${csv.user}
                      headers: {Authorization: "Bearer ${env.HOME}", X-Key: {value: hunter2, secret: true}}
                      json: {token: "${csv.token}", n: "${seq}"}
                """);
        BrinkRun r = brink("check", http.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("POST /login/ada HTTP/1.1", "Authorization: ***", "X-Key: ***", "\"token\":\"***\"", "\"n\":1")
                .doesNotContain("hunter2").doesNotContain("s3cr3t").doesNotContain(System.getenv("HOME"));
        // a variable the run would lack is the plan's error here too, named, its value never shown
        BrinkRun unset = brink("check", write("unset.yaml", Files.readString(http).replace("env.HOME", "env.BRINK_CHECK_UNSET_42")).toString());
        assertThat(unset.code).isEqualTo(2);
        assertThat(unset.err).contains("unset.yaml:10:").contains("expected environment variable BRINK_CHECK_UNSET_42 to be set");

        Path proto = dir.resolve("ledger.proto");
        Files.writeString(proto, """
                syntax = "proto3";
                package pay.v2;
                service Ledger { rpc Post (Entry) returns (Receipt); }
                message Entry { string account = 1; int64 cents = 2; }
                message Receipt { string id = 1; }
                """);
        Path grpc = write("grpc.yaml", """
                name: ledger
                target: {grpc: "127.0.0.1:9", proto: ledger.proto}
                profile:
                  - {name: post, rps: 5, call: pay.v2.Ledger/Post, message: '{"account": "a-${seq}", "cents": 12}',
                     metadata: {authorization: "Bearer x", tenant: blue}}
                """);
        BrinkRun g = brink("check", grpc.toString());
        assertThat(g.code).as(g.err).isZero();
        assertThat(g.out).contains("call pay.v2.Ledger/Post (pay.v2.Entry → pay.v2.Receipt)", "metadata authorization: ***",
                "metadata tenant: blue", "message {\"account\": \"a-1\", \"cents\": 12}", "file       proto ");

        String telematics;
        try (InputStream in = getClass().getResourceAsStream("/tcp/telematics.yaml")) {
            telematics = in == null ? null : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (telematics != null) {
            BrinkRun t = brink("check", write("tcp.yaml", telematics.replace("PORT", "9")).toString());
            assertThat(t.code).as(t.err).isZero();
            assertThat(t.out).containsPattern("login \\(\\d+ bytes\\): 7e ").containsPattern("data \\(\\d+ bytes\\): 7e ");
        }
    }

    @Test
    void tenBrokenPlansAreOneLineWithWhereAndWhatExitTwo() throws Exception {
        String ok = """
                name: shop
                target: {base_url: "http://127.0.0.1:9"}
                profile:
                  - {name: get, rps: 5, request: {path: /items}}
                """;
        Files.writeString(dir.resolve("bad.proto"), "syntax = \"proto3\";\nmessage X { string a 1; }\n");
        Files.writeString(dir.resolve("not-pem.crt"), "hello\n");
        String[][] cases = {
            {ok.replace("profile:", "profile:\n - {name: x, rps: 1, request: {path: /}}\n  - oops"), "broken.yaml:"},
            {ok + "slo: {error_rate: 0.01, p99: 200}\n", "broken.yaml:5:"},
            {ok.replace("rps: 5", "rps: fast"), "broken.yaml:4:"},
            {ok.replace("path: /items", "path: /items/${random.int(5)}"), "broken.yaml:4:"},
            {ok + "data: {csv: nowhere.csv}\n", "broken.yaml:5:"},
            {ok + "fail_on: p99>200ms, p98>1s\n", "broken.yaml:5:21: fail_on: 'p98>1s'"},
            {ok.replace("{path: /items}", "{method: POST, path: /up, multipart: {photo: {file: missing.jpg}}}"), "broken.yaml:4:"},
            {ok.replace("target: {base_url: \"http://127.0.0.1:9\"}", "target: {base_url: \"http://127.0.0.1:9\", jvm: {pid: 3, start_timeout: 1m}}"),
                "broken.yaml:2:"},
            {"name: g\ntarget: {grpc: \"127.0.0.1:9\", proto: bad.proto}\nprofile: [{name: c, rps: 1, call: X/Y}]\n", "bad.proto:2:"},
            {"name: g\ntarget: {grpc: \"127.0.0.1:9\", ca_cert: not-pem.crt}\nprofile: [{name: c, rps: 1, call: a.B/C}]\n", "not-pem.crt"},
        };
        for (String[] c : cases) {
            Path plan = write("broken.yaml", c[0]);
            BrinkRun r = brink("check", plan.toString());
            assertThat(r.code).as(c[0] + "\n" + r.out + r.err).isEqualTo(2);
            assertThat(r.err.strip()).as(c[0]).startsWith("brink: ").contains(c[1]).contains("expected").doesNotContain("\n")
                    .doesNotContain("Exception");
            assertThat(r.out).isEmpty();
        }
    }

    @Test
    void connectReachesTheTargetOrSaysItCannot() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            Path plan = write("up.yaml", "name: up\ntarget: {base_url: \"http://127.0.0.1:" + listening.getLocalPort()
                    + "\"}\nprofile: [{name: get, rps: 1, request: {path: /}}]\n");
            BrinkRun r = brink("check", plan.toString(), "--connect");
            assertThat(r.code).as(r.err).isZero();
            assertThat(r.out).contains("connect    127.0.0.1:" + listening.getLocalPort() + " accepts connections");
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Path plan = write("down.yaml", "name: down\ntarget: {base_url: \"http://127.0.0.1:" + closed + "\"}\nprofile: [{name: get, rps: 1, request: {path: /}}]\n");
        assertThat(brink("check", plan.toString()).code).as("nothing is sent without --connect").isZero();
        BrinkRun down = brink("check", plan.toString(), "--connect");
        assertThat(down.code).isEqualTo(2);
        assertThat(down.err).startsWith("brink: cannot connect to 127.0.0.1:" + closed);
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }
}
