package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.BrinkVersion;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BrinkMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void versionPrintsTheBuildVersion() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).trim()).isEqualTo("brink " + BrinkVersion.get());
        assertThat(BrinkVersion.get()).matches("\\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void helpListsTheCommandsThatExist() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Commands:", "sample");
    }

    /** Only the command being run gets its full model: the help of the others must still read as if they all had. */
    @Test
    void helpIsWhatTheFullModelOfEveryCommandPrints() {
        CommandLine full = new CommandLine(new BrinkMain());
        for (Class<?> command : BrinkMain.COMMANDS) full.addSubcommand(command);
        StringWriter expected = new StringWriter();
        full.usage(new PrintWriter(expected));
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
        assertThat(full.getSubcommands()).hasSize(BrinkMain.COMMANDS.size());
    }

    @Test
    void everyCommandsOwnHelpWorks() {
        for (Class<?> command : BrinkMain.COMMANDS) {
            String name = command.getAnnotation(CommandLine.Command.class).name();
            out.reset();
            assertThat(run(name, "--help")).as(name).isZero();
            assertThat(out.toString(StandardCharsets.UTF_8)).as(name).startsWith("Usage: brink " + name + " ");
        }
    }

    @Test
    void unknownCommandIsOneErrorLineNamingHelpAndExit2() {
        assertThat(run("nonsense")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("brink: Unmatched argument at index 0: 'nonsense' (see 'brink --help')\n");
        err.reset();
        assertThat(run("thread", "x.txt")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("brink: Unmatched arguments from index 0: 'thread', 'x.txt'; did you mean ")
                .contains("threads").endsWith(" (see 'brink --help')\n");
    }

    @Test
    void badOptionIsExit2() {
        assertThat(run("sample", "--port", "many")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("brink: Invalid value for option '--port'");
    }

    @Test
    void noCommandIsAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("brink: a command is required (see 'brink --help')\n");
    }

    @Test
    void userMistakesInACommandAreOneLineAndExit2() {
        assertThat(run("sample", "--defects", "leak,teleport")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("brink: unknown defect 'teleport': expected a comma-separated list of leak, log-lock, masking, crypto\n");
        err.reset();
        assertThat(run("sample", "--heap", "lots")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("brink: bad size 'lots'");
    }
}
