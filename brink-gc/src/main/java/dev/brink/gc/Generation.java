package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * One generation, space or region type across a collection, as the log states it. Sizes in bytes, -1 where
 * the log does not say. For G1 region counts ({@code Old regions: 3->5}) the sizes are region counts and
 * {@code regions} is true.
 */
public record Generation(String name, long before, long after,
                         @JsonProperty("committed_after") long committedAfter, boolean regions) {
    public Generation {
        Objects.requireNonNull(name, "name");
    }
}
