package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Flows with correlation against a real stateful server ({@link ScenarioServer}) on a real socket: the ids and
 * CSRF tokens a user sends must be the ones the server gave that user, which the server checks and counts.
 */
class FlowTest {
    static String plan(String url, String model, String steps) {
        return "name: scenario\ntarget: {base_url: " + url + "}\n" + model + "flows:\n" + steps;
    }

    static final String ADD_PET = """
              - name: add-pet
                %s
                steps:
                  - name: login
                    request: {path: /login}
                    extract: {csrf: {form_field: _csrf}, sid: {cookie: SID}}
                    check: {status: 200-299}
                  - name: find-owner
                    request: {path: "/owners?lastName=Davis"}
                    extract: {ownerId: {json: "$.owners[0].id"}, type: {header: Content-Type}}
                    check: {status: 200, json: {"$.owners[0].lastName": Davis}, header: {content-type: "application/json.*"}}
                  - name: open-owner
                    request: {path: "/owners/${session.ownerId}"}
                    extract: {shown: {regex: "<h1>Owner ([0-9]+)</h1>"}}
                    check: {status: 200, body: "<h1>Owner "}
                  - name: add-pet
                    request:
                      method: POST
                      path: "/owners/${session.shown}/pets"
                      form: {_csrf: "${session.csrf}", name: "rex & co ${seq}"}
                    check: {status: [201, 302]}
            """;

    @Test
    void closedUsersCarryIdsTokensAndCookiesFromResponseToRequest() throws Exception {
        try (ScenarioServer server = new ScenarioServer()) {
            Plan p = PlanReader.parse(plan(server.url(), "users: {count: 4, think: 1ms..3ms}\n", ADD_PET.formatted("weight: 1")),
                    "plan.yaml", Path.of("."), n -> null);
            Map<String, AtomicLong> okByOp = new ConcurrentHashMap<>();
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults().withMaxConnections(4), null)) {
                engine.addListener((i, g) -> i.ops().forEach((name, op) ->
                        okByOp.computeIfAbsent(name, k -> new AtomicLong()).addAndGet(op.ok())));
                // the first requests load and compile the extraction path: on a loaded machine that takes seconds
                engine.run(LoadStep.of(p, "warm-up", 1, Duration.ofSeconds(1)));
                okByOp.clear();
                int before = server.petsAdded.get();
                StepResult r = engine.run(LoadStep.of(p, "flows", 1, Duration.ofSeconds(2)));
                assertThat(server.petsAdded.get() - before).as("flows completed in the measured step").isPositive()
                        .isEqualTo(okByOp.get("add-pet").get()); // the per-operation counts are the server's
                assertThat(r.errors()).isEmpty();
            }
            assertThat(server.petsAdded.get()).as("flows completed").isGreaterThanOrEqualTo(3);
            assertThat(server.rejected.get()).as("requests with a wrong cookie, token or id").isZero();
            assertThat(server.ownerPagesForUnknownIds.get()).isZero();
            assertThat(server.ownerPagesForIssuedIds.get()).isGreaterThanOrEqualTo(server.petsAdded.get());
            // every pet added followed its own login and search, in order: counts agree within the flows still in flight
            // (4 users, so at most 4 flows cut short at each of the two step ends)
            assertThat(server.logins.get() - server.petsAdded.get()).isBetween(0, 8);
            assertThat(server.searches.get()).isGreaterThanOrEqualTo(server.petsAdded.get());
        }
    }

    @Test
    void openModelStartsFlowsAtTheirRateAndEachVisitorIsNew() throws Exception {
        try (ScenarioServer server = new ScenarioServer()) {
            Plan p = PlanReader.parse(plan(server.url(), "", ADD_PET.formatted("rps: 20")), "plan.yaml", Path.of("."), n -> null);
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.of(p, "open", 1, Duration.ofSeconds(2)));
                assertThat(r.errors()).isEmpty();
            }
            // 20 flows/s for 2 s: 40 logins, each visitor a new session with its own token. A flow still running
            // when the step ends is not continued, and a loaded machine may end the step before the last arrivals
            assertThat(server.logins.get()).isBetween(20, 40);
            assertThat(server.petsAdded.get()).isPositive().isLessThanOrEqualTo(server.logins.get());
            assertThat(server.ownerPagesForIssuedIds.get()).isBetween(server.petsAdded.get(), server.searches.get());
            assertThat(server.rejected.get()).isZero();
            assertThat(server.ownerPagesForUnknownIds.get()).isZero();
        }
    }

    @Test
    void aMissingValueIsExtractFailedAndEndsTheFlowBeforeItsNextStep() throws Exception {
        String steps = """
                  - name: broken
                    weight: 1
                    steps:
                      - name: find-owner
                        request: {path: "/login"}
                        extract: {ownerId: {json: "$.owners[0].id"}}
                      - name: open-owner
                        request: {path: "/owners/${session.ownerId}"}
                """;
        try (ScenarioServer server = new ScenarioServer()) {
            Plan p = PlanReader.parse(plan(server.url(), "users: {count: 2, think: 5ms}\n", steps), "plan.yaml", Path.of("."), n -> null);
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.of(p, "broken", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).containsOnlyKeys("extract-failed");
                assertThat(r.errors().get("extract-failed")).isEqualTo(server.logins.get()).isGreaterThan(5);
            }
            assertThat(server.hitsByPath).doesNotContainKey("/owners/N"); // never sent with a hole where the id goes
        }
    }

    @Test
    void aContentCheckThatFailsIsCheckFailedAndEndsTheFlow() throws Exception {
        String steps = """
                  - name: checked
                    steps:
                      - name: login
                        request: {path: "/login"}
                        check: {body_regex: "name=.?_token"}
                      - name: search
                        request: {path: "/owners?lastName=x"}
                """;
        try (ScenarioServer server = new ScenarioServer()) {
            Plan p = PlanReader.parse(plan(server.url(), "users: {count: 2, think: 5ms}\n", steps), "plan.yaml", Path.of("."), n -> null);
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.of(p, "checked", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).containsOnlyKeys("check-failed");
            }
            assertThat(server.searches.get()).isZero();
            assertThat(server.hitsByPath).doesNotContainKey("/owners");
        }
    }

    @Test
    void pacingSpacesAUsersFlowStarts() throws Exception {
        String steps = """
                  - name: one
                    steps:
                      - name: login
                        request: {path: "/login"}
                """;
        try (ScenarioServer server = new ScenarioServer()) {
            Plan p = PlanReader.parse(plan(server.url(), "users: {count: 2, pacing: 200ms}\n", steps), "plan.yaml", Path.of("."), n -> null);
            long ranMs;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), null)) {
                long t0 = System.nanoTime();
                engine.run(LoadStep.of(p, "paced", 1, Duration.ofSeconds(1)));
                ranMs = (System.nanoTime() - t0) / 1_000_000;
            }
            // 2 users, one flow start per 200 ms each on a fixed grid: at most one per grid point the step lived to see
            // (6 a user over 1 s; a busy machine ends the step late, and the grid points it then reaches count too),
            // and without pacing 2 users would log in hundreds of times
            long gridPoints = ranMs / 200 + 1;
            assertThat(server.logins.get()).isBetween(6, (int) (2 * gridPoints));
        }
    }
}
