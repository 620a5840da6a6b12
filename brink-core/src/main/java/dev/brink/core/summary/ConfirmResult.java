package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The confirmation hold at a multiplier: holds or degraded, with the reasons when it degraded. */
public record ConfirmResult(int multiplier, @JsonProperty("hold_s") double holdS, String verdict, List<String> reasons) {
    public ConfirmResult {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }
}
