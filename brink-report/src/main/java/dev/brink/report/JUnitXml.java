package dev.brink.report;

import dev.brink.core.Xml;
import dev.brink.core.Finding;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.Outcome;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * junit.xml for CI systems: one test case per phase verdict, per SLO at the capacity found, and per
 * critical finding. A failure's message carries the numbers, so a CI page says why without the report.
 */
final class JUnitXml {
    /** failure null = passed; skipped non-null = not judged; out = the numbers behind a pass, for the CI page. */
    private record Case(String name, String failure, String skipped, String out) {
        static Case judged(String name, String failure, String out) {
            return new Case(name, failure, null, out);
        }

        /** A verdict's case by its outcome: a failure, a skipped case (nothing learnt about the service) or a pass. */
        static Case of(String name, Outcome outcome, String sentence) {
            return switch (outcome) {
                case PASSED -> new Case(name, null, null, sentence);
                case FAILED -> new Case(name, sentence, null, null);
                case NOT_JUDGED -> new Case(name, null, sentence, null);
            };
        }
    }

    private JUnitXml() {
    }

    static String render(RunData run) {
        List<Case> cases = new ArrayList<>();
        RunSummary s = run.summary();
        String during = Verdicts.lastStep(s);
        if (run.summaryRecovered()) {
            cases.add(Case.judged("run.complete", "summary.json is missing: the run did not finish (verdicts rebuilt from events.jsonl)"
                    + during, null));
        } else if (s.interrupted()) {
            cases.add(Case.judged("run.complete", "the run was interrupted" + during, null));
        }
        if (s.capacity() != null) {
            CapacityResult c = s.capacity();
            cases.add(Case.of("capacity", Verdicts.capacityOutcome(c), Verdicts.capacity(c)));
        }
        ConfirmResult cf = s.confirm();
        if (cf != null) {
            // the SLOs are judged where they matter: holding the capacity found
            String at = " at " + cf.multiplier() + "x";
            cases.add(Case.of("confirm" + at, cf.verdict().outcome(), Verdicts.confirm(cf)));
            if (cf.verdict().outcome() == Outcome.NOT_JUDGED) {
                cases.add(Case.of("slo.error_rate" + at, Outcome.NOT_JUDGED, "not judged: the confirmation was " + cf.verdict().json()));
                cases.add(Case.of("slo.p99" + at, Outcome.NOT_JUDGED, "not judged: the confirmation was " + cf.verdict().json()));
            } else {
                cases.add(Case.judged("slo.error_rate" + at, broken(cf.rules(), RuleKind.ERROR_RATE),
                        String.format(Locale.ROOT, "error rate %.2f %% over the hold", cf.errorRate() * 100)));
                cases.add(Case.judged("slo.p99" + at, broken(cf.rules(), RuleKind.P99),
                        String.format(Locale.ROOT, "p99 %.1f ms over the hold", cf.p99Ms())));
            }
        } else if (s.capacity() != null) {
            CapacityStep max = s.capacity().steps().stream().filter(st -> st.verdict() == StepVerdictKind.OK
                    && st.multiplier() == s.capacity().maxMultiplier()).findFirst().orElse(null);
            if (max != null) {
                String at = " at " + max.multiplier() + "x";
                cases.add(Case.judged("slo.error_rate" + at, null, String.format(Locale.ROOT, "error rate %.2f %% in the capacity step", max.errorRate() * 100)));
                cases.add(Case.judged("slo.p99" + at, null, String.format(Locale.ROOT, "p99 %.1f ms in the capacity step", max.p99Ms())));
            }
        }
        if (s.stages() != null) {
            cases.add(Case.of("stages", s.stages().verdict().outcome(), Verdicts.stages(s.stages())));
        }
        if (s.soak() != null) {
            SoakResult k = s.soak();
            String sentence = Verdicts.soak(k);
            cases.add(Case.of("soak", k.verdict().outcome(), k.verdict().outcome() == Outcome.NOT_JUDGED && k.reason() != null
                    ? sentence + ": " + k.reason() : sentence));
        }
        for (Finding f : s.findings()) {
            if (f.severity() == Severity.CRITICAL) {
                String numbers = SummaryMarkdown.keyNumbers(f);
                cases.add(Case.judged("finding." + f.kind().jsonName() + ": " + f.subject(), f.title() + (numbers.isEmpty() ? "" : "; " + numbers), null));
            }
        }
        long failures = cases.stream().filter(c -> c.failure() != null).count();
        long skipped = cases.stream().filter(c -> c.skipped() != null).count();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append(String.format(Locale.ROOT, "<testsuite name=\"brink%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%.1f\">%n",
                s.plan() == null ? "" : "." + attr(s.plan()), cases.size(), failures, skipped, s.durationS()));
        for (Case c : cases) {
            x.append("  <testcase classname=\"brink\" name=\"").append(attr(c.name())).append('"');
            if (c.failure() == null && c.skipped() == null && c.out() == null) {
                x.append("/>\n");
                continue;
            }
            x.append(">\n");
            if (c.failure() != null) {
                x.append("    <failure message=\"").append(attr(c.failure())).append("\">").append(attr(c.failure())).append("</failure>\n");
            } else if (c.skipped() != null) {
                x.append("    <skipped message=\"").append(attr(c.skipped())).append("\"/>\n");
            } else {
                x.append("    <system-out>").append(attr(c.out())).append("</system-out>\n");
            }
            x.append("  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    /** The sentence of the rule of that kind the hold broke, rendered from its numbers; null when it held. */
    private static String broken(List<TrippedRule> rules, RuleKind kind) {
        return rules.stream().filter(r -> r.rule() == kind).findFirst().map(TrippedRule::text).orElse(null);
    }

    static String attr(String s) {
        return Xml.escape(s);
    }
}
