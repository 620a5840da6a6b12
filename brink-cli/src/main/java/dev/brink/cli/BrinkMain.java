package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.ExitCode;
import dev.brink.core.UserText;
import dev.brink.core.WriteFailure;
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
     * the command being run gets its model, and is then the only one registered; without one on the line, each is a
     * name and a description ({@link #listing}) for the top-level help and "did you mean".
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
        StandardOutput stdout = StandardOutput.open();
        PrintStream out = stdout.printStream();
        System.setOut(out);
        int code = run(args, out, System.err);
        out.flush();
        String failed = stdout.failure();
        if (failed != null && code != ExitCode.BUG) {
            System.err.println("brink: " + failed); // the report is lost: not a success
            code = ExitCode.USAGE;
        }
        System.exit(code);
    }

    /** Runs one command line; returns the exit code so tests need no System.exit. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new BrinkMain());
        String chosen = args.length > 0 ? args[0] : "";
        // a command named on the line is the only one registered: the listings are for the top-level help and for
        // "did you mean" after a word that names none, and each is a CommandLine of its own (its converters, its help
        // sections), about a third of picocli's share of a one-liner's start
        boolean named = COMMANDS.stream().anyMatch(c -> c.getAnnotation(Command.class).name().equals(chosen));
        for (Class<?> command : COMMANDS) {
            String name = command.getAnnotation(Command.class).name();
            if (name.equals(chosen)) cli.addSubcommand(name, command);
            else if (!named) cli.addSubcommand(name, listing(name, command));
        }
        cli.setExpandAtFiles(false); // `brink http --body @file` reads the file itself; picocli must not split it into arguments
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setParameterExceptionHandler((ex, ignored) -> {
            ex.getCommandLine().getErr().println(usageError(ex));
            return ExitCode.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter e = commandLine.getErr();
            if (ex instanceof BrinkUserException) {
                // one line, cut: a message may quote the user's input, which can hold line breaks or be huge
                e.println("brink: " + UserText.oneLine(ex.getMessage()));
                return ExitCode.USAGE;
            }
            WriteFailure full = WriteFailure.in(ex);
            if (full != null) {
                // a full disk or a file system gone read-only under a run: the user's to fix, and the run files are whole
                e.println("brink: " + UserText.oneLine(full.getMessage()));
                return ExitCode.USAGE;
            }
            e.println("brink: internal error (a bug in Brink): " + ex + "; details in " + crashLog(ex));
            return ExitCode.BUG;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        // `brink` alone: a usage error, in one line like the others
        spec.commandLine().getErr().println("brink: a command is required (see 'brink --help')");
        return ExitCode.USAGE;
    }

    /**
     * A usage error as one line that names where help is: picocli's own report is the message, a synopsis of several
     * lines and a hint, which scripts and CI logs read as three errors. Suggestions for a mistyped command or option
     * ("did you mean") stay, inside the line.
     */
    static String usageError(CommandLine.ParameterException ex) {
        StringBuilder line = new StringBuilder("brink: ").append(UserText.oneLine(ex.getMessage()));
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            // picocli suggests by edit distance ("nonsense": "bench"): only names that begin as the typed word does
            String typed = u.getUnmatched().get(0).replaceFirst("^-+", "");
            List<String> close = u.getSuggestions().stream()
                    .filter(s -> typed.length() >= 2 && s.replaceFirst("^-+", "").startsWith(typed.substring(0, 2))).limit(3).toList();
            if (!close.isEmpty()) line.append("; did you mean ").append(String.join(" or ", close)).append('?');
        }
        return line.append(" (see '").append(ex.getCommandLine().getCommandSpec().qualifiedName()).append(" --help')").toString();
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
