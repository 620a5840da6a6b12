package dev.brink.load.engine;

import dev.brink.core.UserText;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${counter(start,step,end)}} and {@code ${counter.user(start,step,end)}}: JMeter's Counter config element. A
 * JMeter counter advances once per iteration of a thread's loop, so every sampler of one iteration sees the same value:
 * here, once per flow run. {@code counter} counts the flow runs of all users (JMeter's default, one counter shared by
 * the threads), {@code counter.user} those of the user alone ("track counter independently for each user"). After
 * {@code end} it starts again at {@code start}, as JMeter's does; an optional fourth argument zero-pads the value to
 * that many digits (JMeter's number format {@code 000}).
 *
 * <p>The value is computed from the run's number, which the loop keeps anyway, so counting costs no state per counter
 * and nothing is allocated: value = start + ((run - 1) mod n) × step, n the number of values from start to end. With
 * several event loops or shards each counts its own runs (as each JMeter engine of a distributed test does).
 */
final class Counter {
    private static final Pattern CALL = Pattern.compile(
            "counter(\\.user)?\\(\\s*(-?[0-9]{1,15})\\s*,\\s*(-?[0-9]{1,15})\\s*,\\s*(-?[0-9]{1,15})\\s*(?:,\\s*([0-9]{1,2})\\s*)?\\)");

    private Counter() {
    }

    static Template.Part compile(String expr, int at) throws Template.Invalid {
        Matcher m = CALL.matcher(expr);
        if (!m.matches()) {
            throw new Template.Invalid(at, "${counter(start,step,end)} or ${counter.user(start,step,end)} with integers (and an "
                    + "optional number of digits), got '${" + UserText.quote(expr) + "}'");
        }
        boolean perUser = m.group(1) != null;
        long start = Long.parseLong(m.group(2));
        long step = Long.parseLong(m.group(3));
        long end = Long.parseLong(m.group(4));
        int digits = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
        if (step == 0 || (step > 0 ? end < start : end > start)) {
            throw new Template.Invalid(at, "a step that goes from start to end in ${" + UserText.quote(expr) + "}");
        }
        if (digits > 19) throw new Template.Invalid(at, "at most 19 digits in ${" + UserText.quote(expr) + "}");
        long values = (end - start) / step + 1;
        return (buf, ctx) -> {
            long run = perUser ? ctx.userFlow : ctx.flowTicket;
            long v = start + Math.floorMod(run - 1, values) * step;
            if (v < 0) {
                buf.writeByte('-'); // as DecimalFormat("000") writes -5: "-005"
                v = -v;
            }
            for (int pad = digits - Ascii.digits(v); pad > 0; pad--) buf.writeByte('0');
            Ascii.writeLong(buf, v);
        };
    }
}
