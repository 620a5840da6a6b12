package dev.brink.load.tcp;

/**
 * One per-session variable, compiled: its slot in {@link Session#values} and how it starts and moves. All
 * variables move once per packet after the login, in declaration order, by one data interval {@code dt}
 * (seconds): the session's own clock, not the wall clock, so a trip of an hour can be replayed in a minute
 * and its values still follow their rules.
 */
public abstract sealed class Variable permits Variable.FromFirst, Variable.Clock, Variable.SessionNumber, Variable.Csv {
    final String name;
    final int slot;

    Variable(String name, int slot) {
        this.name = name;
        this.slot = slot;
    }

    public String name() {
        return name;
    }

    public int slot() {
        return slot;
    }

    abstract void start(Session s);

    abstract void advance(Session s, double dt);

    /** A variable that starts every session at one plan value ({@code start:}) and moves from there. */
    abstract static sealed class FromFirst extends Variable permits Counter, Walk, Accumulate {
        final double first;

        FromFirst(String name, int slot, double first) {
            super(name, slot);
            this.first = first;
        }

        @Override
        final void start(Session s) {
            s.values[slot] = first;
        }
    }

    /** start, start + step, ...: sequence numbers. */
    public static final class Counter extends FromFirst {
        final double step;

        Counter(String name, int slot, double first, double step) {
            super(name, slot, first);
            this.step = step;
        }

        @Override
        void advance(Session s, double dt) {
            s.values[slot] += step;
        }
    }

    /** Epoch seconds: the session's start (wall clock at login) + k × the data interval. */
    public static final class Clock extends Variable {
        Clock(String name, int slot) {
            super(name, slot);
        }

        @Override
        void start(Session s) {
            s.values[slot] = Math.floor(s.startEpochMs / 1000.0);
        }

        @Override
        void advance(Session s, double dt) {
            s.values[slot] += dt;
        }
    }

    /**
     * A bounded random walk: each packet moves by at most {@code step} either way, reflected at the bounds
     * (latitude in a box; speed with bounded acceleration: step = the largest change in one interval).
     */
    public static final class Walk extends FromFirst {
        final double min;
        final double max;
        final double step;

        Walk(String name, int slot, double first, double min, double max, double step) {
            super(name, slot, first);
            this.min = min;
            this.max = max;
            this.step = step;
        }

        @Override
        void advance(Session s, double dt) {
            double v = s.values[slot] + (2 * s.nextUnit() - 1) * step;
            if (v > max) v = Math.max(min, 2 * max - v);
            if (v < min) v = Math.min(max, 2 * min - v);
            s.values[slot] = v;
        }
    }

    /**
     * v += rate × (the value of {@code of}, or 1) × dt, kept within [min, max]: mileage from speed (rate 1/3600
     * turns km/h × s into km), fuel falling at a rate. Monotonic when rate × of keeps one sign.
     */
    public static final class Accumulate extends FromFirst {
        final double rate;
        final int of; // -1: none
        final double min;
        final double max;

        Accumulate(String name, int slot, double first, double rate, int of, double min, double max) {
            super(name, slot, first);
            this.rate = rate;
            this.of = of;
            this.min = min;
            this.max = max;
        }

        @Override
        void advance(Session s, double dt) {
            double v = s.values[slot] + rate * (of < 0 ? 1 : s.values[of]) * dt;
            s.values[slot] = Math.max(min, Math.min(max, v));
        }
    }

    /** first + the session's number: a distinct device id per session without a CSV file. */
    public static final class SessionNumber extends Variable {
        final double first;

        SessionNumber(String name, int slot, double first) {
            super(name, slot);
            this.first = first;
        }

        @Override
        void start(Session s) {
            s.values[slot] = first + s.number;
        }

        @Override
        void advance(Session s, double dt) {
        }
    }

    /**
     * A column of the CSV row bound to the session at login (a VIN, a device id): its bytes go into ASCII and
     * BCD fields as they are; its value as a number is its decimal digits (NaN when it has none).
     */
    public static final class Csv extends Variable {
        final int column;

        Csv(String name, int slot, int column) {
            super(name, slot);
            this.column = column;
        }

        @Override
        void start(Session s) {
            byte[] text = s.row == null ? null : s.row[column];
            double v = Double.NaN;
            if (text != null && text.length > 0) {
                long n = 0;
                boolean digits = true;
                for (byte b : text) {
                    if (b < '0' || b > '9') {
                        digits = false;
                        break;
                    }
                    n = n * 10 + (b - '0');
                }
                if (digits) v = n;
            }
            s.values[slot] = v;
        }

        @Override
        void advance(Session s, double dt) {
        }

        byte[] bytes(Session s) {
            return s.row == null ? null : s.row[column];
        }
    }
}
