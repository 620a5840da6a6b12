package dev.brink.gc;

import java.util.List;

/**
 * The analysis time of each event, seconds from the first: JVM uptime when every event has it (most precise,
 * continuous across rotated files), else wall-clock time, else the event's index (a log without time stamps).
 */
final class TimeAxis {
    private TimeAxis() {
    }

    static double[] of(List<GcEvent> events, String[] name) {
        int n = events.size();
        double[] t = new double[n];
        boolean uptime = n > 0;
        boolean wall = n > 0;
        for (GcEvent e : events) {
            uptime &= !Double.isNaN(e.uptimeSec());
            wall &= e.epochMs() >= 0;
        }
        if (uptime) {
            // a JVM restart between rotated files resets uptime: then wall-clock is the honest axis
            for (int i = 1; i < n; i++) {
                if (events.get(i).uptimeSec() + 1 < events.get(i - 1).uptimeSec()) {
                    uptime = false;
                    break;
                }
            }
        }
        if (uptime) {
            name[0] = "uptime";
            for (int i = 0; i < n; i++) {
                t[i] = events.get(i).uptimeSec() - events.get(0).uptimeSec();
            }
        } else if (wall) {
            name[0] = "wall-clock";
            for (int i = 0; i < n; i++) {
                t[i] = (events.get(i).epochMs() - events.get(0).epochMs()) / 1000.0;
            }
        } else {
            name[0] = "index";
            for (int i = 0; i < n; i++) {
                t[i] = i;
            }
        }
        // lines of concurrent threads can be a few ms out of order: keep the axis monotone for windows and fits
        for (int i = 1; i < n; i++) {
            if (t[i] < t[i - 1]) {
                t[i] = t[i - 1];
            }
        }
        return t;
    }
}
