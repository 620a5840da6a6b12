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
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BrinkUserException("cannot create run directory " + dir + ": " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            throw new BrinkUserException("run directory " + dir + " is not writable");
        }
        return new RunDirectory(dir);
    }

    /** A new directory {@code parent/2026-11-22T10-15-00-name} (suffixed -2, -3 … if taken). */
    public static RunDirectory create(Path parent, String name) throws BrinkUserException {
        String base = STAMP.format(LocalDateTime.now()) + "-" + name.replaceAll("[^A-Za-z0-9._-]", "_");
        Path dir = parent.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = parent.resolve(base + "-" + i);
        }
        return at(dir);
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
