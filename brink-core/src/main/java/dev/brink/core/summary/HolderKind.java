package dev.brink.core.summary;

import dev.brink.core.verdict.JsonWord;

/**
 * What kind of place keeps memory alive in a heap dump: how a holder is named, so that two dumps (of one process,
 * or of a relaunch) match it by its name, never by object ids, which change as the collector moves objects.
 */
public enum HolderKind implements JsonWord {
    /** A static field: "static pkg.Class.field". */
    STATIC_FIELD,
    /** An instance field of an application or framework class: "pkg.Class.field", all instances together. */
    FIELD,
    /** A ThreadLocal's values in the threads of one pool: "thread-local pkg.Class.FIELD of threads 'pool-#'". */
    THREAD_LOCAL,
    /** A local variable of a thread's stack: "local variable of threads 'name' in pkg.Class.method". */
    THREAD_STACK,
    /** The thread objects of one pool, with all they hold: "threads 'pool-#'"; its elements are the threads. */
    THREADS,
    /** A JNI global reference: "JNI global pkg.Class". */
    JNI_GLOBAL,
    /** The class loaders of one type and what their classes keep, by the field that holds them; elements: loaders. */
    CLASS_LOADERS,
    /** Any other GC root, or an object held from several places with none of them a field. */
    OTHER
}
