package dev.brink.core;

/**
 * A problem the user can fix: a bad file, a wrong option, a refused port. The message is one line shown
 * as-is after "brink: " (file, line or byte offset, and what was expected), and the CLI exits with 2.
 * Anything that is not a BrinkUserException is a Brink bug.
 */
public final class BrinkUserException extends Exception {
    public BrinkUserException(String message) {
        super(message, null, false, false); // the trace is never printed, so don't capture it
    }

    public BrinkUserException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
