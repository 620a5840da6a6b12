package dev.brink.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a Brink plan against the service the test started, and fails the test when the plan's gate fails.
 *
 * <p>On a test method the run is that method's; on a class one run is shared by all its test methods (it starts
 * when the first of them needs it, after {@code @BeforeAll} and {@code @BeforeEach} started the service). A test
 * method may declare a {@link dev.brink.core.summary.RunSummary} parameter to assert on the run
 * ({@link BrinkAssertions}). The target is a field of type {@link BrinkTarget} of the test class when there is
 * one, else the plan's own {@code target}.
 *
 * <p>Every name is checked before any load is sent: an unknown phase or finding kind is an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException}, never a gate that silently passes.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(BrinkExtension.class)
public @interface BrinkLoad {
    /** The plan file (YAML), relative to the working directory (the module's folder under Maven), or a classpath resource. */
    String plan();

    /** The phases to run, of {@code capacity}, {@code confirm}, {@code soak}; empty: every phase the plan has. */
    String[] phases() default {};

    /**
     * Finding kinds that fail the test whatever their severity, by their summary.json name
     * ({@code memory-leak}, {@code lock-contention}, …), in addition to the plan's {@code fail_on}.
     */
    String[] failOnFindings() default {};

    /**
     * A stored baseline run directory (relative to the working directory) the run is compared with at its end: a
     * regression beyond 5 % or a lower capacity fails the test ({@code brink compare}'s gate), and compare.html goes
     * beside the run's report. Empty: none, or, when the system property {@code brink.junit.baselines} names a
     * folder of an earlier build's runs (as {@code target/brink} holds them), this test's newest run in it.
     */
    String baseline() default "";
}
