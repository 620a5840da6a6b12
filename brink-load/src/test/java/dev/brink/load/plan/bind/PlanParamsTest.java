package dev.brink.load.plan.bind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JMeter's {@code ${__P(threads,50)}} with {@code -Jthreads=200}, as a plan says it: params and --param. */
class PlanParamsTest {
    private static final String PLAN = """
            name: crud
            params:
              threads: 50        # the default
              hold: 5m
              api: /petclinic/api
            target: {base_url: "http://127.0.0.1:9966"}
            users: {count: "${param.threads}"}
            flows:
              - name: crud
                steps:
                  - name: owners
                    request: {method: GET, path: "${param.api}/owners?literal=$${param.api}"}
            slo: {error_rate: 0.01, p99_ms: 1000}
            phases:
              confirm: {ramp: 10s, hold: "${param.hold}", multiplier: 1}
            """;

    @Test
    void defaultsApplyAndTheCommandLineSetsThem() throws Exception {
        Plan p = PlanReader.parse(PLAN, "crud.yaml", Path.of("."), n -> null);
        assertThat(p.users().count()).isEqualTo(50);
        assertThat(p.phases().confirm().hold()).isEqualTo(Duration.ofMinutes(5));
        assertThat(p.profile().get(0).request().path()).isEqualTo("/petclinic/api/owners?literal=$${param.api}");

        Plan set = PlanReader.parse(PLAN, "crud.yaml", Path.of("."), n -> null,
                Map.ofEntries(PlanParams.parseOverride("threads=200"), PlanParams.parseOverride("hold=30s")));
        assertThat(set.users().count()).isEqualTo(200);
        assertThat(set.phases().confirm().hold()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aValueIsCheckedWhereTheParameterIsUsedAndUnknownNamesAreOneLine() throws Exception {
        assertThatThrownBy(() -> PlanReader.parse(PLAN, "crud.yaml", Path.of("."), n -> null, Map.of("threads", "many")))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("crud.yaml:7:16: users.count: expected an integer");
        assertThatThrownBy(() -> PlanReader.parse(PLAN, "crud.yaml", Path.of("."), n -> null, Map.of("users", "3")))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("crud.yaml: --param users: expected a parameter the plan's params: section names, one of [api, hold, threads]");
        assertThatThrownBy(() -> PlanReader.parse(PLAN.replace("${param.hold}", "${param.duration}"), "crud.yaml", Path.of("."), n -> null))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("crud.yaml:15:")
                .hasMessageContaining("got '${param.duration}'");
        assertThatThrownBy(() -> PlanParams.parseOverride("threads")).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("expected NAME=VALUE");
        assertThatThrownBy(() -> PlanParams.parseOverride("api=${env.X}")).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("a literal value");
    }
}
