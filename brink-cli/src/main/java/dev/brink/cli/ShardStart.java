package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Shard;
import dev.brink.core.UserText;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * {@code --shard I/N} and {@code --start-at ISO-8601}, as {@code brink http|grpc|tcp} and {@code brink run} take
 * them. Shards started by a scheduler (a Kubernetes Indexed Job) come up seconds apart; a common wall-clock start
 * makes their seconds line up, so the merged per-second lines are the global load's seconds. Without a
 * coordinator nobody measures the clocks against each other: the run records "clock offset: none measured" and
 * relies on the hosts' own synchronisation (NTP keeps well-run hosts within milliseconds, far below a second).
 */
final class ShardStart {
    /** A start instant further in the past than this is a mistake (a stale manifest), not a clock a little behind. */
    static final Duration PAST_TOLERANCE = Duration.ofSeconds(5);

    /**
     * A start further ahead than this is a mistake too (a year typed wrong, 2999 for 2029): shards wait for it in the
     * foreground, holding their connections' setup and a terminal, and a Kubernetes Job's pods count it against their
     * deadline. Scheduled loads a day or more ahead belong to cron or a CronJob starting Brink then.
     */
    static final Duration FUTURE_LIMIT = Duration.ofHours(24);

    private ShardStart() {
    }

    /** The shard (whole load without --shard) with its start instant, checked; null arguments when not given. */
    static Shard parse(String shard, String startAt) throws BrinkUserException {
        Shard s = shard == null ? Shard.WHOLE : Shard.parse(shard);
        if (startAt == null) return s;
        Instant at = instant(startAt);
        Duration late = Duration.between(at, Instant.now());
        if (late.compareTo(PAST_TOLERANCE) > 0) {
            throw new BrinkUserException("bad --start-at " + UserText.quote(startAt) + ": that is " + late.toSeconds()
                    + " s in the past (expected a future instant, or one at most " + PAST_TOLERANCE.toSeconds() + " s ago)");
        }
        if (Duration.between(Instant.now(), at).compareTo(FUTURE_LIMIT) > 0) {
            throw new BrinkUserException("bad --start-at " + UserText.quote(startAt) + ": more than "
                    + FUTURE_LIMIT.toHours() + " h ahead (expected an instant within " + FUTURE_LIMIT.toHours()
                    + " h: start Brink later with cron for a later load)");
        }
        return s.startingAt(at.toString());
    }

    private static Instant instant(String text) throws BrinkUserException {
        try {
            return OffsetDateTime.parse(text.trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw new BrinkUserException("bad --start-at '" + UserText.quote(text) + "': expected an ISO-8601 instant with"
                    + " its offset, like 2026-11-24T05:00:00Z or 2026-11-24T06:00:00+01:00");
        }
    }

    /** Sleeps until the shard's start instant (at once without one), saying so on {@code live}. */
    static void waitForStart(Shard s, PrintWriter live) throws InterruptedException {
        if (s.startAt() == null) return;
        Instant at = Instant.parse(s.startAt());
        long ms = Duration.between(Instant.now(), at).toMillis();
        if (ms > 0) {
            live.println("shard " + s + ": starting at " + at + " (in " + ms + " ms, " + s.clockSource()
                    + ", clock offset: " + s.clockOffset() + ")");
            live.flush();
        }
        // sleep in short pieces near the end: a long sleep may overshoot by a scheduler quantum or more
        long left;
        while ((left = Duration.between(Instant.now(), at).toMillis()) > 0) {
            Thread.sleep(left > 50 ? left - 20 : 1);
        }
    }
}
