package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.ExitCode;
import dev.brink.core.UserText;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code brink} command. Exit codes: {@link ExitCode} (DESIGN.md "Exit codes").
 */
@Command(name = "brink",
        mixinStandardHelpOptions = true,
        versionProvider = BrinkMain.Version.class,
        description = "Pushes a JVM service to the brink of degradation and tells you why it broke there.")
public final class BrinkMain implements Callable<Integer> {
    /**
     * Brink's commands, in the order {@code --help} lists them. Registered by hand, not in {@code @Command(subcommands)}:
     * picocli builds the whole option model of every subcommand it is given (reflection over each class, its mixins
     * and its dependencies' classes), which was half of the CPU of a short command such as {@code brink threads}. Only
     * the command being run gets its model; the others are a name and a description ({@link #listing}).
     */
    static final List<Class<?>> COMMANDS = List.of(
            DemoCommand.class,
            RunCommand.class,
            CheckCommand.class,
            HttpCommand.class,
            GrpcCommand.class,
            TcpCommand.class,
            WatchCommand.class,
            CaptureCommand.class,
            ThreadsCommand.class,
            HeapCommand.class,
            GcCommand.class,
            BenchCommand.class,
            CompareCommand.class,
            HistoryCommand.class,
            JfrCommand.class,
            ReportCommand.class,
            K8sCommand.class,
            MergeCommand.class,
            WorkerCommand.class,
            SampleCommand.class,
            ImportCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command line; returns the exit code so tests need no System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new BrinkMain());
        String chosen = args.length > 0 ? args[0] : "";
        for (Class<?> command : COMMANDS) {
            String name = command.getAnnotation(Command.class).name();
            cli.addSubcommand(name, name.equals(chosen) ? command : listing(name, command));
        }
        cli.setExpandAtFiles(false); // `brink http --body @file` reads the file itself; picocli must not split it into arguments
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setParameterExceptionHandler((ex, ignored) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println("brink: " + UserText.oneLine(ex.getMessage()));
            e.print("Usage: " + ex.getCommandLine().getHelp().synopsis(0));
            e.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCode.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter e = commandLine.getErr();
            if (ex instanceof BrinkUserException) {
                // one line, cut: a message may quote the user's input, which can hold line breaks or be huge
                e.println("brink: " + UserText.oneLine(ex.getMessage()));
                return ExitCode.USAGE;
            }
            e.println("brink: internal error (a bug in Brink): " + ex + "; details in " + crashLog(ex));
            return ExitCode.BUG;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        // `brink` alone: show what there is to do, as a usage error
        spec.commandLine().getErr().println("brink: a command is required");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.USAGE;
    }

    /**
     * A command as the top-level help and picocli's "did you mean" need it: its name and description, read from its
     * annotation (no instance, no option model). It is never run: the command on the command line is the real one.
     */
    private static CommandLine listing(String name, Class<?> command) {
        CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.create().name(name);
        spec.usageMessage().description(command.getAnnotation(Command.class).description());
        return new CommandLine(spec);
    }

    /** Writes the stack trace where a bug report can pick it up; never onto the user's terminal. */
    private static Path crashLog(Throwable ex) {
        try {
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "brink-logs");
            Files.createDirectories(dir);
            Path log = dir.resolve("crash-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").format(LocalDateTime.now()) + ".log");
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(log))) {
                w.println("brink " + BrinkVersion.get() + ", java " + System.getProperty("java.version"));
                ex.printStackTrace(w);
            }
            return log;
        } catch (IOException io) {
            ex.printStackTrace();
            return Path.of("(stderr)");
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"brink " + BrinkVersion.get()};
        }
    }
}
