package dev.brink.jfr;

import dev.brink.core.detail.LockWait;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Waits for locks of one kind ({@link LockWait#ENTER}: monitors, {@link LockWait#PARK}: java.util.concurrent locks)
 * by lock class and site, with the most frequent previous owner and first application frame of the waiters. One
 * tally per kind, so that the report ranks both kinds in one table and the findings treat a wait the same whichever
 * event recorded it.
 */
final class LockWaits {
    private final LockWait wait;
    private final Tally waits = new Tally();
    private final Tally appFrames = new Tally();
    private final Map<String, String[]> keys = new HashMap<>();

    LockWaits(LockWait wait) {
        this.wait = wait;
    }

    void add(String lockClass, String site, double ms, String owner, String appFrame) {
        String key = lockClass + "\u0000" + site;
        waits.add(key, ms, owner);
        appFrames.add(key, 0, appFrame);
        keys.putIfAbsent(key, new String[] {lockClass, site});
    }

    /** Every site, heaviest first; {@code classLoading} only applies to monitors (a class loader's lock is one). */
    List<JfrReport.ContentionSite> sites() {
        List<JfrReport.ContentionSite> out = new ArrayList<>();
        for (Ranked r : waits.top(Integer.MAX_VALUE)) {
            String[] k = keys.get(r.key());
            boolean loader = wait == LockWait.ENTER && JfrAnalyzer.classLoaderLock(k[0], k[1]);
            String app = Objects.requireNonNullElse(appFrames.topSecond(r.key()), StackView.NO_APP_FRAME);
            out.add(new JfrReport.ContentionSite(k[0], k[1], app, r.count(), r.weight(), r.max(), r.top(), loader, wait));
        }
        return out;
    }
}
