package dev.brink.core.detail;

/**
 * A detail that may name the capacity step whose recording showed it ({@code step}): brink-method's JFR step findings
 * mark each finding of the step's window with it.
 */
public interface Stepped {
    /** The same detail, said of {@code step} ("8 × profile"). */
    Detail inStep(String step);
}
