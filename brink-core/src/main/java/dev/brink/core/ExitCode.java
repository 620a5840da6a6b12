package dev.brink.core;

/**
 * Every exit code of every Brink command, in one place (DESIGN.md "Exit codes"): a CI script reads them, so each
 * means one thing whichever command returns it.
 */
public final class ExitCode {
    /** The command did what was asked; any gate passed. */
    public static final int OK = 0;
    /** A bug in Brink: the stack trace went to a log file, one line to the user. */
    public static final int BUG = 1;
    /**
     * Bad input or usage, or a target that cannot be reached before any load: one line saying what was expected
     * ({@link BrinkUserException}).
     */
    public static final int USAGE = 2;
    /**
     * A CI gate failed: a plan's {@code fail_on}, a one-liner's {@code --fail-on} (or, without one, a run in which every
     * request failed), {@code brink bench --fail-on}. The lines naming what failed are printed.
     */
    public static final int GATE = 3;

    private ExitCode() {
    }
}
