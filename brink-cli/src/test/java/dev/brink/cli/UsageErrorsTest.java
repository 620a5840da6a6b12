package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command line picocli cannot parse is one line that says what is wrong and where help is, and exit 2: picocli's own
 * report (the message, a synopsis of several lines, a hint) read as three errors in scripts and CI logs, and the fuzz
 * campaign counted 15 such cases. Nothing is started: each case is a parse error.
 */
class UsageErrorsTest {
    private static final String URL = "http://127.0.0.1:9/";

    @Test
    void everyUsageErrorIsOneLineNamingHelp() {
        List<List<String>> cases = List.of(
                List.of(),
                List.of("nonsense"),
                List.of("--nope"),
                List.of("http"),
                List.of("http", URL, "--nope", "--rate", "1", "--duration", "1s"),
                List.of("http", URL, "--rate", "abc", "--duration", "1s"),
                List.of("http", URL, "--rate", "1", "--users", "2", "--duration", "1s"),
                List.of("http", URL, "--rate"),
                List.of("grpc", "127.0.0.1:9", "--rate", "1", "--duration", "1s"),
                List.of("tcp", "127.0.0.1:9", "--rate", "1", "--duration", "1s"),
                List.of("heap", "a.hprof", "--top", "many"),
                List.of("jfr"),
                List.of("report"),
                List.of("import"),
                List.of("import", "har"),
                List.of("bench"),
                List.of("sample", "--port", "many"),
                List.of("compare"),
                List.of("run"));
        for (List<String> args : cases) {
            BrinkRun r = brink(args.toArray(new String[0]));
            String command = args.isEmpty() || args.get(0).startsWith("-") || args.get(0).equals("nonsense") ? "brink"
                    : "brink " + args.get(0) + (args.get(0).equals("import") && args.size() > 1 ? " " + args.get(1) : "");
            assertThat(r.code).as("%s → %s", args, r.err).isEqualTo(2);
            assertThat(r.err).as("%s", args).startsWith("brink: ").endsWith("--help')\n").doesNotContain("Usage:")
                    .doesNotContain("Exception").contains("'" + command + " --help'");
            assertThat(r.err.strip()).as("%s", args).doesNotContain("\n");
            assertThat(r.out).as("%s", args).isEmpty();
        }
    }
}
