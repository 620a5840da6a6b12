package dev.brink.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The run directory: the contract between Brink's parts (DESIGN.md "Run directory"). Every part writes
 * its own append-only file here as it learns things, and readers use these names only.
 */
public final class RunDirectory {
    public static final String PLAN = "plan.yaml";
    public static final String EVENTS = "events.jsonl";
    public static final String LOAD = "load.jsonl";
    public static final String LATENCY = "latency.hlog";
    public static final String JVM = "jvm.jsonl";
    public static final String GC = "gc.jsonl";
    public static final String GENERATOR = "generator.jsonl";
    /** The host's own health per second (CPU, run queue, pressure, who used the CPU): see DESIGN.md. */
    public static final String HOST = "host.jsonl";
    /** Per-message timing of server-streaming gRPC calls, one line per streaming operation and step. */
    public static final String STREAMS = "streams.jsonl";
    public static final String EVIDENCE = "evidence";
    public static final String SUMMARY = "summary.json";
    /** The console of a target Brink launched. */
    public static final String TARGET_LOG = "target.log";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private final Path root;

    private RunDirectory(Path root) {
        this.root = root;
    }

    /** Opens (creating if needed) a run directory at exactly {@code dir}. */
    public static RunDirectory at(Path dir) throws BrinkUserException {
        return new RunDirectory(OutputFiles.directory(dir, "run directory"));
    }

    /**
     * The input kind of a run file, by its name: what a reader accepts from it (size, line length). events.jsonl is held
     * in memory by its readers; the other .jsonl files are series, streamed.
     */
    public static InputKind kindOf(String name) {
        return switch (name) {
            case EVENTS -> InputKind.RUN_EVENTS;
            case SUMMARY -> InputKind.RUN_SUMMARY;
            case LATENCY -> InputKind.LATENCY_LOG;
            case PLAN -> InputKind.PLAN;
            default -> InputKind.RUN_SERIES;
        };
    }

    /** A new directory {@code parent/2026-11-22T10-15-00-name} (suffixed -2, -3 … if taken). */
    public static RunDirectory create(Path parent, String name) throws BrinkUserException {
        String base = STAMP.format(LocalDateTime.now()) + "-" + nameInDirectory(name);
        Path dir = parent.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = parent.resolve(base + "-" + i);
        }
        return at(dir);
    }

    /** {@code name} as {@link #create} writes it after the stamp: characters outside [A-Za-z0-9._-] become '_'. */
    public static String nameInDirectory(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    public Path root() {
        return root;
    }

    public Path file(String name) {
        return root.resolve(name);
    }

    /** The evidence folder, created on first use. */
    public Path evidence() throws IOException {
        return Files.createDirectories(root.resolve(EVIDENCE));
    }
}
