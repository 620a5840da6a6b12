package dev.brink.threads;

import dev.brink.core.FamilyWalk;
import dev.brink.core.LibraryCode;
import dev.brink.core.LibraryFamily;
import java.util.List;

/**
 * The library a busy thread's CPU goes to, read from its stack the way collapsed stacks from async-profiler or
 * show-busy-java-threads are read: the known library the application called into, i.e. the library frame
 * nearest below the first application frame. The leaf alone says too little or the wrong thing: a regex spends
 * its time in String.charAt, a date formatter copies arrays through java.lang.reflect.Array, a JSON mapper
 * reflects on beans, a logger formats; what the application asked for is the library it entered.
 */
public enum CodeLibrary {
    REGEX, FORMATTING, CRYPTO, LOGGING, JSON, REFLECTION, CLASS_LOADING, ORM, DATABASE,
    /** An application frame came first: the thread computes in its own code. */
    APPLICATION,
    /** Other JDK or library code. */
    OTHER;

    /** "regex", "class-loading": the word used in findings. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * The library of one sample (frames top first): the one entered from the first application frame, by the walk JFR
     * samples use too ({@link FamilyWalk}: reflection only when the time is in reflection itself, a JDK collection's
     * frame owned by whoever called it).
     */
    public static CodeLibrary of(List<StackFrame> frames) {
        FamilyWalk walk = new FamilyWalk();
        for (StackFrame f : frames) {
            if (!library(f) && known(f) == null) {
                LibraryFamily family = walk.family(true);
                return family == LibraryFamily.NONE ? APPLICATION : valueOf(family.name());
            }
            walk.frame(f.className() + "." + f.method());
        }
        LibraryFamily family = walk.family(false);
        return family == LibraryFamily.NONE ? OTHER : valueOf(family.name());
    }

    /** The family of {@code f} by the classifier JFR samples use too ({@link LibraryFamily}), or null. */
    static CodeLibrary known(StackFrame f) {
        LibraryFamily family = LibraryFamily.of(f.className() + "." + f.method());
        return family == LibraryFamily.NONE ? null : valueOf(family.name());
    }

    /** JDK and third-party code (shaded copies included) that is not of a named kind still is not the application's. */
    private static boolean library(StackFrame f) {
        return f.jdk() || LibraryCode.isLibrary(f.className());
    }

    /** True for a frame of the application's own code (not JDK, not a known library). */
    static boolean application(StackFrame f) {
        return !library(f) && known(f) == null;
    }
}
