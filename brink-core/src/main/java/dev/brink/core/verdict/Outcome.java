package dev.brink.core.verdict;

/**
 * What a verdict means to anyone who must say pass or fail (the report's colour, a JUnit case, the exit code):
 * decided once per verdict kind here, so the console, summary.md, report.html and junit.xml cannot disagree.
 */
public enum Outcome {
    /** The service met the rules. */
    PASSED,
    /** The service broke a rule: this is a finding about the service. */
    FAILED,
    /**
     * Nothing was learnt about the service (the load generator was the limit, the run was cut short, too little
     * data): neither a pass nor a failure; JUnit shows it as skipped.
     */
    NOT_JUDGED
}
