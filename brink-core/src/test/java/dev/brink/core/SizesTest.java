package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizesTest {
    @Test
    void parsesJvmStyleSizes() throws Exception {
        assertThat(Sizes.parse("64m")).isEqualTo(64L << 20);
        assertThat(Sizes.parse("64MB")).isEqualTo(64L << 20);
        assertThat(Sizes.parse("1g")).isEqualTo(1L << 30);
        assertThat(Sizes.parse("512k")).isEqualTo(512L << 10);
        assertThat(Sizes.parse("1024")).isEqualTo(1024L);
    }

    @Test
    void rejectsNonSizes() {
        for (String bad : new String[] {"", "m", "-1m", "0", "1.5g", "12q"}) {
            assertThatThrownBy(() -> Sizes.parse(bad)).isInstanceOf(BrinkUserException.class)
                    .hasMessageContaining("like 64m");
        }
    }

    @Test
    void readsHumanSizes() {
        assertThat(Sizes.human(1000)).isEqualTo("1000 B");
        assertThat(Sizes.human(1536)).isEqualTo("1.5 KiB");
        assertThat(Sizes.human(3L << 30)).isEqualTo("3.0 GiB");
    }
}
