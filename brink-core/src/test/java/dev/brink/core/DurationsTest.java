package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void parsesTheUnitsUsersWrite() throws Exception {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
    }

    @Test
    void rejectsWhatIsNotADurationWithTheExpectedForm() {
        for (String bad : new String[] {"", "10", "s", "10x", "10s junk", "-5s"}) {
            assertThatThrownBy(() -> Durations.parse(bad))
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessageContaining("expected a number with a unit");
        }
    }

    @Test
    void formatsShort() {
        assertThat(Durations.format(Duration.ofMinutes(90))).isEqualTo("1h30m");
        assertThat(Durations.format(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(Durations.format(Duration.ofSeconds(45))).isEqualTo("45s");
    }
}
