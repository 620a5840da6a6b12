package dev.brink.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class whose checks read what the host gave a run: a capacity found, a soak's verdict, a step's latency. Each
 * such class skips its checks when Brink itself says the host was saturated (the run's {@code host-saturated}
 * verdict), so two of them at once would each make the other's host saturated and both would check nothing. The
 * build runs these classes one at a time in their own fork, after the other test classes, which run two forks at a
 * time (brink-cli's POM, surefire's {@code measures-host} group): the rest are exact counts, files and exit codes,
 * true on a busy host.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(MeasuresHost.TAG)
public @interface MeasuresHost {
    /** The JUnit tag the POM's two surefire executions select on. */
    String TAG = "measures-host";
}
