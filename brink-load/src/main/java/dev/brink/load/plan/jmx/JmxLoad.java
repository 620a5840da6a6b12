package dev.brink.load.plan.jmx;

import dev.brink.load.plan.jmx.JmxValues.Unconvertible;

/**
 * The load a thread group puts on: its threads (Brink's users), its ramp-up, and how long it runs: the scheduler's
 * duration, or a number of loops, which JMeter counts and Brink does not (a Brink phase holds for a time). Each value
 * as the plan writes it: a number, or {@code ${param.X}} when the thread group takes it from a property
 * ({@code ${__P(threads,50)}}), so the command line still sets it.
 *
 * @param threads  the thread count as written in the plan (a number or one parameter)
 * @param users    the thread count with parameters at their defaults
 * @param ramp     the ramp-up in seconds as written, null for none
 * @param rampS    the ramp-up in seconds with parameters at their defaults
 * @param duration the scheduler's duration in seconds as written, null without a scheduler
 * @param loops    loops per thread, -1 for forever
 */
record JmxLoad(String threads, int users, String ramp, long rampS, String duration, long durationS, long loops) {
    static final String DEFAULT_HOLD = "1m";

    static JmxLoad of(JmxElement group, JmxValues values) throws Unconvertible {
        String threads = values.fixed(or(group.prop("ThreadGroup.num_threads"), "1"));
        int users = (int) Math.max(1, Math.min(dev.brink.load.plan.Plan.Users.MAX, number(values, threads)));
        String ramp = values.fixed(or(group.prop("ThreadGroup.ramp_time"), "0"));
        long rampS = Math.max(0, (long) number(values, ramp));
        String duration = null;
        long durationS = 0;
        if (group.flag("ThreadGroup.scheduler") && !group.prop("ThreadGroup.duration").isEmpty()) {
            duration = values.fixed(group.prop("ThreadGroup.duration"));
            durationS = Math.max(0, (long) number(values, duration));
        }
        JmxElement main = group.elementProp("ThreadGroup.main_controller");
        long loops = 1;
        if (main != null) {
            loops = main.flag("LoopController.continue_forever") && main.prop("LoopController.loops").equals("-1") ? -1
                    : (long) number(values, values.fixed(or(main.prop("LoopController.loops"), "1")));
        }
        return new JmxLoad(threads, users, ramp.equals("0") ? null : ramp, rampS, duration, durationS, loops);
    }

    /** A number of the plan with its parameters at their defaults. */
    static double number(JmxValues values, String text) throws Unconvertible {
        String t = text;
        if (t.startsWith("${param.")) t = values.params.get(t.substring(8, t.length() - 1));
        try {
            return Double.parseDouble(t.trim());
        } catch (RuntimeException e) {
            throw new Unconvertible("'" + text + "' (a number Brink can read)");
        }
    }

    private static String or(String a, String b) {
        return a.isEmpty() ? b : a;
    }
}
