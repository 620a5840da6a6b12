package dev.brink.load.plan.bind;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanYaml;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Reads a plan: bounds the text, reads its YAML into located nodes ({@link PlanYaml}) and binds them
 * ({@link PlanBinder}). The plan model knows nothing of this: it is data, and the reader sits above it because
 * binding compiles templates and packets with the engine's and the protocols' own compilers.
 */
public final class PlanReader {
    private PlanReader() {
    }

    /**
     * A plan is a few kB written by a person; the YAML scanner's cost grows faster than linearly with a line's
     * length (a 4 MB one-line file took 9 s), so plans are bounded and a longer input is refused at once.
     */
    public static final long MAX_BYTES = InputKind.PLAN.defaultMaxBytes();
    /** See {@link #MAX_BYTES}; a long body belongs in a template with generators, not in one literal line. */
    public static final int MAX_LINE_CHARS = 16 * 1024;

    /** Reads and validates a plan file; {@code data.csv} paths are resolved against the file's folder. */
    public static Plan load(Path file) throws BrinkUserException {
        return load(file, Map.of());
    }

    /** As {@link #load(Path)}, with {@code params} setting the plan's parameters (see {@link PlanParams}). */
    public static Plan load(Path file, Map<String, String> params) throws BrinkUserException {
        String text = InputFiles.readUtf8(file, InputKind.PLAN);
        Path dir = file.toAbsolutePath().getParent();
        return parse(text, file.toString(), dir, System::getenv, params);
    }

    /** Parses plan text; {@code env} looks up {@code ${env.NAME}} values (null when unset). */
    public static Plan parse(String text, String fileName, Path baseDir, UnaryOperator<String> env)
            throws BrinkUserException {
        return parse(text, fileName, baseDir, env, Map.of());
    }

    /** As {@link #parse(String, String, Path, UnaryOperator)}, the plan's parameters set by {@code params}. */
    public static Plan parse(String text, String fileName, Path baseDir, UnaryOperator<String> env, Map<String, String> params)
            throws BrinkUserException {
        checkLineLengths(text, fileName);
        return PlanBinder.bind(PlanParams.apply(PlanYaml.read(text, fileName), params), baseDir, env);
    }

    private static void checkLineLengths(String text, String fileName) throws BrinkUserException {
        if (text.length() > MAX_BYTES) {
            throw new BrinkUserException(fileName + ": expected a plan of at most " + MAX_BYTES + " characters, got " + text.length());
        }
        int line = 1;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > MAX_LINE_CHARS) {
                    throw new BrinkUserException(fileName + ":" + line + ": expected a line of at most " + MAX_LINE_CHARS
                            + " characters, got " + (i - start));
                }
                line++;
                start = i + 1;
            }
        }
    }
}
