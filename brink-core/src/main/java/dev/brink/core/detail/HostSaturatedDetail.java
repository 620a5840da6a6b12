package dev.brink.core.detail;

/**
 * {@code host-saturated}: other processes saturated the machine during a step. No keys: the finding's title names the
 * step and who took the CPU, host.jsonl has the numbers.
 */
public record HostSaturatedDetail() implements Detail {
    public static final HostSaturatedDetail NONE = new HostSaturatedDetail();
}
