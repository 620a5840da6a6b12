package dev.brink.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which part of one load a process runs ({@code --shard I/N}): shard {@code index} (0-based) of {@code count}.
 * Recorded as {@code shard} in summary.json and as the {@code shard} event, so {@code brink merge} can check that
 * its inputs are the N parts of one load. The open schedule's arrival k, closed user u, CSV row r and TCP device d
 * belong to the shard with {@code k mod N}, {@code u mod N}, {@code r mod N}, {@code d mod N} = index: every
 * shard computes the same global schedule and takes its own residue class, so the union of the shards is the
 * global load exactly, whatever their clocks, without talking to one another.
 *
 * @param startAt       the wall-clock instant every shard was told to begin at ({@code --start-at}), or null
 * @param clockSource   where that instant was read from ({@link #SYSTEM_CLOCK})
 * @param clockOffsetMs the measured offset of this clock from a coordinator's, null when none was measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Shard(int index, int count, @JsonProperty("start_at") String startAt,
                    @JsonProperty("clock_source") String clockSource,
                    @JsonProperty("clock_offset_ms") Double clockOffsetMs) {
    /** The process's own wall clock (CLOCK_REALTIME, however the host keeps it in step: NTP, chrony, none). */
    public static final String SYSTEM_CLOCK = "system-clock";
    /** Shards at most: a shard is a process with its own connections; more than this is a typing mistake. */
    public static final int MAX_COUNT = 1024;
    /** The whole load, unsharded. */
    public static final Shard WHOLE = new Shard(0, 1, null, SYSTEM_CLOCK, null);

    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ": expected 0 <= I < N <= " + MAX_COUNT);
        }
        clockSource = clockSource == null ? SYSTEM_CLOCK : clockSource;
    }

    /**
     * {@code --shard I/N}, I from 0 (as Kubernetes' JOB_COMPLETION_INDEX counts).
     * @throws BrinkUserException one line naming what was expected
     */
    public static Shard parse(String text) throws BrinkUserException {
        String t = text == null ? "" : text.trim();
        int slash = t.indexOf('/');
        try {
            if (slash > 0) {
                int i = Integer.parseInt(t.substring(0, slash));
                int n = Integer.parseInt(t.substring(slash + 1));
                if (n >= 1 && n <= MAX_COUNT && i >= 0 && i < n) return new Shard(i, n, null, SYSTEM_CLOCK, null);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BrinkUserException("bad --shard '" + UserText.quote(t) + "': expected I/N with 0 <= I < N <= " + MAX_COUNT
                + ", like 0/4 (I counts from 0)");
    }

    /** This shard started at {@code startAt} (ISO-8601). */
    public Shard startingAt(String instant) {
        return new Shard(index, count, instant, clockSource, clockOffsetMs);
    }

    /** Whether the load is split at all. */
    @JsonIgnore
    public boolean sharded() {
        return count > 1;
    }

    /** How many of {@code 0..total-1} fall to this shard (those {@code ≡ index mod count}). */
    public long share(long total) {
        return total <= index ? 0 : (total - index + count - 1) / count;
    }

    /** Whether item {@code k} (an arrival, a user, a row, a device) is this shard's. */
    public boolean owns(long k) {
        return k % count == index;
    }

    /** "no clock offset measured" or the offset: the line a person reads. */
    @JsonProperty("clock_offset")
    public String clockOffset() {
        return clockOffsetMs == null ? "none measured" : clockOffsetMs + " ms";
    }

    /** "2/4", as the user wrote it. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
