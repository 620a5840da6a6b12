package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code allocation-hotspot} from a JFR recording (brink-jfr): one frame's allocations are most of the sampled bytes.
 *
 * @param site        the first application frame, else the framework method the allocations entered through
 * @param appFrame    the site when it is the application's; null otherwise
 * @param via         the JDK or library call the application frame made ("java.lang.StringBuilder.toString"); null when none
 * @param share       the site's share of the sampled bytes, 0..1
 * @param className   the class allocated most there ("byte[]")
 * @param bytesPerSec the site's bytes a second
 * @param step        the capacity step whose recording showed it
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AllocationHotspotDetail(String site, String appFrame, String via, double share, @JsonProperty("class") String className,
                                      long bytesPerSec, String step) implements Detail, Stepped {
    public AllocationHotspotDetail {
        Ranges.share("share", share);
        Ranges.atLeastZero("bytes_per_sec", bytesPerSec);
    }

    @Override
    public AllocationHotspotDetail inStep(String at) {
        return new AllocationHotspotDetail(site, appFrame, via, share, className, bytesPerSec, at);
    }
}
