package dev.brink.load;

import dev.brink.load.plan.Plan;
import java.net.URI;
import java.util.List;

/** Small plans for tests. */
final class Plans {
    private Plans() {
    }

    static Plan single(String url, double rps) {
        return single(url, rps, Plan.Check.DEFAULT);
    }

    static Plan single(String url, double rps, Plan.Check check) {
        return new Plan("test", new Plan.Target(URI.create(url), null),
                List.of(new Plan.Operation("get", rps, new Plan.Request("GET", "/", List.of(), null), check)), null, null, null);
    }
}
