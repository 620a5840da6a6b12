package dev.brink.junit;

import dev.brink.core.BrinkUserException;
import dev.brink.core.summary.RunSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Runs the {@link BrinkLoad} plan of a test method (or of its class, once for all its methods), hands the
 * {@link RunSummary} to a test parameter, and fails the test with the gate's lines and the diagnosis when the gate
 * fails — before the test body runs, since its assertions would only repeat what the gate said. A gate the run could not
 * judge (the capacity search measured a saturated host or the generator, not the service) aborts the test instead:
 * JUnit reports it skipped, with the reason, neither passed nor failed.
 *
 * <p>The run starts lazily, when the first test needs it: after {@code @BeforeAll}/{@code @BeforeEach} started the
 * service and set the {@link BrinkTarget} field. Run directories go to {@code target/brink/<TestClass>/} (system
 * property {@code brink.output} overrides the folder), each with its report.html, which is also published as a
 * report entry ({@code brink.report}).
 */
public final class BrinkExtension implements BeforeEachCallback, ParameterResolver, InvocationInterceptor {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(BrinkExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
        return p.getParameter().getType() == RunSummary.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext c) throws ParameterResolutionException {
        return outcome(c).summary();
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext c)
            throws Throwable {
        PlanRun.Outcome o;
        try {
            o = outcome(c);
        } catch (RuntimeException e) {
            invocation.skip();
            throw e;
        }
        if (o.notJudgedOnly()) {
            // JUnit's word for "could not be judged here": aborted, shown as skipped with the reason
            invocation.skip();
            throw new TestAbortedException(o.failureMessage());
        }
        if (!o.passed()) {
            invocation.skip();
            throw new AssertionFailedError(o.failureMessage());
        }
        invocation.proceed();
    }

    /** Reads the plan and checks every name now, before {@code @BeforeEach} methods start anything. */
    @Override
    public void beforeEach(ExtensionContext c) {
        prepared(c);
    }

    /** Where the nearest {@link BrinkLoad} keeps its state: the method's own store, or the class's (one shared run). */
    private static ExtensionContext.Store store(ExtensionContext c) {
        boolean onMethod = AnnotationSupport.isAnnotated(c.getRequiredTestMethod(), BrinkLoad.class);
        return (onMethod ? c : classContext(c)).getStore(NS);
    }

    private static BrinkLoad annotation(ExtensionContext c) {
        return AnnotationSupport.findAnnotation(c.getRequiredTestMethod(), BrinkLoad.class)
                .or(() -> AnnotationSupport.findAnnotation(c.getRequiredTestClass(), BrinkLoad.class))
                .orElseThrow(() -> new ExtensionConfigurationException("BrinkExtension needs @BrinkLoad on the test method or class"));
    }

    private static PlanRun prepared(ExtensionContext c) {
        BrinkLoad load = annotation(c);
        return store(c).getOrComputeIfAbsent("plan", k -> {
            try {
                return planRun(load, c.getRequiredTestClass()).withFailOnFindings(load.failOnFindings(), "@BrinkLoad(failOnFindings)")
                        .withBaseline(load.baseline().isEmpty() ? null : Path.of(load.baseline()));
            } catch (BrinkUserException e) {
                throw new ExtensionConfigurationException("@BrinkLoad(plan = \"" + load.plan() + "\"): " + e.getMessage(), e);
            }
        }, PlanRun.class);
    }

    private static PlanRun.Outcome outcome(ExtensionContext c) {
        PlanRun prepared = prepared(c);
        boolean onMethod = AnnotationSupport.isAnnotated(c.getRequiredTestMethod(), BrinkLoad.class);
        String runName = onMethod ? c.getRequiredTestMethod().getName() : "class";
        Object testInstance = c.getTestInstance().orElse(null);
        return store(c).getOrComputeIfAbsent("outcome",
                k -> run(withSuiteBaseline(prepared, annotation(c), c.getRequiredTestClass(), runName), annotation(c),
                        c.getRequiredTestClass(), testInstance, runName, c), PlanRun.Outcome.class);
    }

    /** The run compared with its test's newest run in the suite's baselines ({@link TestBaselines}), unless it names its own. */
    private static PlanRun withSuiteBaseline(PlanRun prepared, BrinkLoad load, Class<?> testClass, String runName) {
        String folder = System.getProperty(TestBaselines.PROPERTY, "");
        if (!load.baseline().isEmpty() || folder.isEmpty()) return prepared;
        try {
            return prepared.withBaseline(TestBaselines.of(Path.of(folder), testClass, runName));
        } catch (BrinkUserException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    private static ExtensionContext classContext(ExtensionContext c) {
        ExtensionContext x = c;
        while (x.getTestMethod().isPresent() && x.getParent().isPresent()) {
            x = x.getParent().get();
        }
        return x;
    }

    private static PlanRun.Outcome run(PlanRun prepared, BrinkLoad load, Class<?> testClass, Object testInstance, String runName,
                                       ExtensionContext c) {
        PlanRun.Outcome o;
        try {
            PlanRun run = prepared;
            BrinkTarget target = target(testClass, testInstance);
            if (target != null) {
                run = run.withTarget(target.baseUrl(), target.pid().isPresent() ? target.pid().getAsLong() : null);
            }
            Path out = Path.of(System.getProperty("brink.output", "target/brink")).resolve(testClass.getSimpleName());
            // the method's progress lines go to the test's output (surefire keeps it beside the test report)
            o = run.run(out, runName, new PrintWriter(System.out, true, StandardCharsets.UTF_8));
        } catch (BrinkUserException e) {
            throw new ExtensionConfigurationException("@BrinkLoad(plan = \"" + load.plan() + "\"): " + e.getMessage(), e);
        }
        c.publishReportEntry("brink.report", o.report().toAbsolutePath().toString());
        return o;
    }

    /** The plan as a file relative to the working directory, else as a classpath resource. */
    private static PlanRun planRun(BrinkLoad load, Class<?> testClass) throws BrinkUserException {
        Path file = Path.of(load.plan());
        if (Files.isRegularFile(file)) {
            return new PlanRun(file, load.phases());
        }
        String resource = load.plan().startsWith("/") ? load.plan().substring(1) : load.plan();
        try (InputStream in = testClass.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new BrinkUserException(load.plan() + ": no such file (in " + Path.of("").toAbsolutePath() + ") nor classpath resource");
            }
            return PlanRun.ofText(new String(in.readAllBytes(), StandardCharsets.UTF_8), load.plan(), load.phases());
        } catch (IOException e) {
            throw new BrinkUserException(load.plan() + ": cannot read the classpath resource: " + e.getMessage());
        }
    }

    /** The test class's {@link BrinkTarget} field (static or of this instance); null when it has none. */
    private static BrinkTarget target(Class<?> testClass, Object instance) {
        List<Field> fields = ReflectionSupport.findFields(testClass, f -> f.getType() == BrinkTarget.class, HierarchyTraversalMode.TOP_DOWN);
        if (fields.size() > 1) {
            throw new ExtensionConfigurationException(testClass.getName() + " has " + fields.size()
                    + " BrinkTarget fields; @BrinkLoad needs exactly one (or none: the plan's target)");
        }
        if (fields.isEmpty()) {
            return null;
        }
        Field f = fields.get(0);
        Object owner = Modifier.isStatic(f.getModifiers()) ? null : instance;
        BrinkTarget t = (BrinkTarget) ReflectionSupport.tryToReadFieldValue(f, owner).toOptional().orElse(null);
        if (t == null) {
            throw new ExtensionConfigurationException(testClass.getName() + "." + f.getName()
                    + " is null when the run starts; set it where the test starts its service (@BeforeAll or @BeforeEach)");
        }
        return t;
    }
}
