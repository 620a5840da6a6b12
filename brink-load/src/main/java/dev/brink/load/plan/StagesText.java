package dev.brink.load.plan;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a load shape written as text, the same for {@code --stages} and a plan's {@code stages:}: stages separated by
 * commas, each {@code ramp A->B over T}, {@code hold N for T} or {@code spike N for T}, the numbers in req/s (an open
 * model: arrival rate) or, followed by {@code users}, users (a closed model); one kind of number for the whole shape.
 * A spike is a hold the load jumps to from the stage before. Read word by word, in time linear in the text.
 */
public final class StagesText {
    /** Longer texts are a mistake (a file pasted in); refused before they are read. */
    static final int MAX_LENGTH = 4000;
    public static final String EXPECTED = "stages like 'ramp 100->1000 over 20s, hold 1000 for 1m, spike 3000 for 10s' "
            + "(req/s), or with 'users' after each number (users)";

    private StagesText() {
    }

    /** A stage the text could not be read as: its offset and what was expected there. */
    public static final class Invalid extends Exception {
        public final int offset;
        public final String stage;

        Invalid(int offset, String stage, String expected) {
            super(expected, null, false, false);
            this.offset = offset;
            this.stage = stage;
        }
    }

    /** Parses {@code text}; {@code users}: null when the text says (by 'users'), else what the plan's model requires. */
    public static Plan.Stages parse(String text, Boolean users) throws Invalid {
        if (text == null || text.isBlank()) throw new Invalid(0, "", EXPECTED);
        if (text.length() > MAX_LENGTH) throw new Invalid(0, text.substring(0, 20) + "…", "at most " + MAX_LENGTH + " characters");
        List<Plan.Stage> stages = new ArrayList<>();
        Boolean inUsers = users;
        int start = 0;
        while (start <= text.length()) {
            int comma = text.indexOf(',', start);
            int end = comma < 0 ? text.length() : comma;
            String raw = text.substring(start, end);
            int at = start + raw.length() - raw.stripLeading().length();
            String stage = raw.strip();
            String[] w = stage.isEmpty() ? new String[0] : stage.split("\\s+");
            boolean said = w.length > 2 && (w[2].equals("users") || w[2].equals("req/s"));
            boolean saysUsers = said && w[2].equals("users");
            if (said) {
                if (inUsers != null && inUsers != saysUsers) {
                    throw new Invalid(at, stage, users != null ? (users ? "users: this plan's model is users" : "req/s: this plan's model is an arrival rate")
                            : "one kind of number in every stage (req/s or users)");
                }
                inUsers = saysUsers;
                String[] rest = new String[w.length - 1];
                rest[0] = w[0];
                rest[1] = w[1];
                System.arraycopy(w, 3, rest, 2, w.length - 3);
                w = rest;
            }
            stages.add(stage(w, stage, at));
            if (comma < 0) break;
            start = comma + 1;
        }
        return new Plan.Stages(inUsers != null && inUsers, stages);
    }

    private static Plan.Stage stage(String[] w, String stage, int at) throws Invalid {
        if (w.length != 4) throw new Invalid(at, stage, EXPECTED);
        String kind = w[0];
        double from;
        double to;
        if (kind.equals("ramp")) {
            if (!w[2].equals("over")) throw new Invalid(at, stage, "'ramp A->B over T'");
            int arrow = w[1].indexOf("->");
            if (arrow < 0) throw new Invalid(at, stage, "'ramp A->B over T', like ramp 100->1000 over 20s");
            from = number(w[1].substring(0, arrow), stage, at);
            to = number(w[1].substring(arrow + 2), stage, at);
        } else if (kind.equals("hold") || kind.equals("spike")) {
            if (!w[2].equals("for")) throw new Invalid(at, stage, "'" + kind + " N for T'");
            from = number(w[1], stage, at);
            to = from;
        } else {
            throw new Invalid(at, stage, EXPECTED + ", got '" + kind + "'");
        }
        Duration d;
        try {
            d = Durations.parse(w[3]);
        } catch (BrinkUserException e) {
            throw new Invalid(at, stage, "a duration like 20s or 5m, got '" + w[3] + "'");
        }
        if (d.toMillis() < 1) throw new Invalid(at, stage, "a duration > 0");
        return new Plan.Stage(kind, from, to, d);
    }

    private static double number(String digits, String stage, int at) throws Invalid {
        if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(c -> c >= '0' && c <= '9' || c == '.')
                || digits.indexOf('.') != digits.lastIndexOf('.') || digits.equals(".")) {
            throw new Invalid(at, stage, "a number from 0 to 10000000");
        }
        double v = Double.parseDouble(digits);
        if (v > 1e7) throw new Invalid(at, stage, "a number from 0 to 10000000");
        return v;
    }
}
