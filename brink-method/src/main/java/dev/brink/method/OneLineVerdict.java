package dev.brink.method;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.Finding;
import java.util.List;

/**
 * What a one-line run ({@code brink http|grpc|tcp}) says about each side, by {@code brink run}'s rules: the target
 * (the requests that failed on its side, and why), the load generator (whether it kept its schedule) and the host
 * (whether other processes saturated it). Each side is named on its own, so a busy machine never hides the target's
 * failures and a slow target never reads as the generator's limit ({@link OneLineJudge}).
 *
 * @param findings what the run adds to its findings: host-saturated, generator-bound (so a gate can name them)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OneLineVerdict(Target target, Generator generator, Host host,
                             @com.fasterxml.jackson.annotation.JsonIgnore List<Finding> findings) {
    public OneLineVerdict {
        findings = List.copyOf(findings);
    }

    /**
     * @param failed    requests that failed on the target's side (every error but the generator's own: no local port, a
     *                  value the request could not carry)
     * @param unsent    requests never sent because every connection still held one the target had not answered when the
     *                  run ended
     * @param statement the side in words, with the numbers
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Target(long failed, long unsent, String statement) {
    }

    /** @param bound the generator was the limit by the method's rule (behind in over a third of the seconds, a full backlog, leaking) */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Generator(boolean bound, String statement) {
    }

    /** @param statement null when the host was not saturated */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Host(boolean saturated, String statement) {
    }

    /** The lines a console shows, one per side (the host only when it was saturated). */
    public List<String> lines() {
        return host.saturated() ? List.of(target.statement(), generator.statement(), host.statement())
                : List.of(target.statement(), generator.statement());
    }
}
