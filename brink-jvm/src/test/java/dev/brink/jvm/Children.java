package dev.brink.jvm;

/** What brink-jvm's test programs (children/*Main) share: each takes its lifetime in seconds as its only argument. */
final class Children {
    /** Bounded lifetime: a child a crashed test forgot still goes away by itself. */
    static final String LIFETIME_S = "120";

    private Children() {
    }
}
