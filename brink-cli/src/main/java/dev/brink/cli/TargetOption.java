package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.jvm.JvmObserver;
import dev.brink.jvm.JvmTarget;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The JVM that {@code watch} and {@code capture} observe: a PID or host:port given as the command's TARGET
 * parameter, or {@code --launch CMD…}. A picocli mixin; it owns --launch and the rules for combining it with
 * TARGET. TARGET itself stays a parameter of each command, because capture's is followed by WHAT and may be
 * left out in favour of --launch.
 */
final class TargetOption {
    @Option(names = "--launch", arity = "1..*", paramLabel = "CMD",
            description = "Start this command, use its JVM as the target and stop it at the end; must be the last option.")
    List<String> launch;

    /** True when --launch gave a command to start. */
    boolean launched() {
        return launch != null && !launch.isEmpty();
    }

    /**
     * The target of {@code target} (a PID or host:port, null when the command got none) or of --launch.
     *
     * @throws BrinkUserException one line, when both or neither are given, or when TARGET is neither a PID nor host:port
     */
    JvmTarget resolve(String target) throws BrinkUserException {
        if (launched()) {
            if (target != null) throw new BrinkUserException("give either TARGET or --launch CMD…, not both");
            return JvmTarget.launch(launch);
        }
        if (target == null) throw new BrinkUserException("a TARGET is required: a PID, host:port, or --launch CMD…");
        return JvmTarget.parse(target);
    }

    /** How messages name the target: "launched pid N" for a started command, else as the user gave it. */
    static String describe(JvmTarget t, JvmObserver obs) {
        return t instanceof JvmTarget.Launch ? "launched pid " + obs.pid() : t.toString();
    }
}
