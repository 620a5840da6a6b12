package dev.brink.threads;

import dev.brink.core.FamilyWalk;
import dev.brink.core.LibraryCode;
import dev.brink.core.LibraryFamily;
import dev.brink.core.detail.CpuLibrary;
import java.util.List;

/**
 * The library a busy thread's CPU goes to, read from its stack the way collapsed stacks from async-profiler or
 * show-busy-java-threads are read: the known library the application called into, i.e. the library frame
 * nearest below the first application frame. The leaf alone says too little or the wrong thing: a regex spends
 * its time in String.charAt, a date formatter copies arrays through java.lang.reflect.Array, a JSON mapper
 * reflects on beans, a logger formats; what the application asked for is the library it entered. The words are
 * brink-core's {@link CpuLibrary}, a busy-thread finding's {@code libraries}.
 */
public final class CodeLibrary {
    private CodeLibrary() {
    }

    /**
     * The library of one sample (frames top first): the one entered from the first application frame, by the walk JFR
     * samples use too ({@link FamilyWalk}: reflection only when the time is in reflection itself, a JDK collection's
     * frame owned by whoever called it).
     */
    public static CpuLibrary of(List<StackFrame> frames) {
        FamilyWalk walk = new FamilyWalk();
        for (StackFrame f : frames) {
            if (!library(f) && known(f) == null) {
                LibraryFamily family = walk.family(true);
                return CpuLibrary.of(family, CpuLibrary.APPLICATION);
            }
            walk.frame(f.className() + "." + f.method());
        }
        LibraryFamily family = walk.family(false);
        return CpuLibrary.of(family, CpuLibrary.OTHER);
    }

    /** The family of {@code f} by the classifier JFR samples use too ({@link LibraryFamily}), or null. */
    static CpuLibrary known(StackFrame f) {
        LibraryFamily family = LibraryFamily.of(f.className() + "." + f.method());
        return CpuLibrary.of(family, null);
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
