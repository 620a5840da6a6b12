package dev.brink.bench.reactive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Properties;
import reactor.core.publisher.Mono;

/**
 * The field report's endpoint in miniature: a profile is assembled from three sources (user, rights, avatar), each a
 * {@code Mono} that answers after a delay, as a database or a remote service would. The old code calls them one after
 * another; the new code subscribes to all three at once with {@code Mono.zip}. Which one this jar holds is fixed at
 * build time (pipeline.properties), so the "before" and "after" jars carry the same benchmark names.
 */
public final class ProfilePipeline {
    /** sequential (old) or zip (new). */
    public static final String KIND = load();

    private ProfilePipeline() {
    }

    public record Profile(String user, int rights, int avatarBytes) {
    }

    static Mono<String> user(Duration delay) {
        return source("user-42", delay);
    }

    static Mono<Integer> rights(Duration delay) {
        return source(7, delay);
    }

    static Mono<Integer> avatar(Duration delay) {
        return source(2048, delay);
    }

    private static <T> Mono<T> source(T value, Duration delay) {
        // Mono.just(...) alone completes on the caller's thread; a zero delay keeps the pipeline synchronous, which is
        // what the CPU-only benchmark wants (operator cost without timer hops).
        return delay.isZero() ? Mono.just(value) : Mono.just(value).delayElement(delay);
    }

    public static Mono<Profile> profile(Duration delay) {
        if ("zip".equals(KIND)) {
            return Mono.zip(user(delay), rights(delay), avatar(delay))
                    .map(t -> new Profile(t.getT1(), t.getT2(), t.getT3()));
        }
        return user(delay).flatMap(u -> rights(delay).flatMap(r -> avatar(delay).map(a -> new Profile(u, r, a))));
    }

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = ProfilePipeline.class.getResourceAsStream("/pipeline.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String kind = p.getProperty("pipeline", "sequential");
        if (!kind.equals("sequential") && !kind.equals("zip")) {
            throw new IllegalStateException("pipeline must be sequential or zip, was " + kind);
        }
        return kind;
    }
}
