package dev.brink.core;

/**
 * The library family a stack's cost belongs to, read from its frames top first down to the application's first frame
 * (one rule for JFR samples and thread dumps). Two facts are kept while walking:
 * <ul>
 *   <li>the <em>owner</em>: the family of the first frame from the top that is not {@link LibraryFamily#generic}
 *   (a list's iteration, a String's copy serve whoever called them: the frame below them owns the time);</li>
 *   <li>the family <em>entered</em>: the family frame nearest the application, reflection apart.</li>
 * </ul>
 * The answer is the family entered — the API the application called: regex for a masking call whose time is in
 * String.charAt, JSON for a mapper that reflects on getters, ORM for a repository whose time is in Hibernate's
 * result-set handling — and reflection only when the time is in reflection itself (it owns the top). Frameworks
 * dispatch through reflection (Spring MVC invokes a controller with Method.invoke, AOP proxies invoke their
 * targets): counted as the entered family, a list's iteration far above such a dispatch read "42 % in reflection
 * (java.util.ArrayList$Itr.next)" on Spring PetClinic. Without an application frame the owner speaks, and the
 * family entered where the owner is no family's. Single use per stack; not thread-safe.
 */
public final class FamilyWalk {
    private LibraryFamily owner;
    private LibraryFamily entered = LibraryFamily.NONE;

    /** The next frame ({@code pkg.Class.method}), from the top, above the application's first frame. */
    public void frame(String qualifiedMethod) {
        LibraryFamily f = LibraryFamily.of(qualifiedMethod);
        if (owner == null && !LibraryFamily.generic(qualifiedMethod)) {
            owner = f;
        }
        if (f != LibraryFamily.NONE && f != LibraryFamily.REFLECTION) {
            entered = f;
        }
    }

    /** The family, once the walk reached the application's first frame ({@code atApplication}) or the stack's end. */
    public LibraryFamily family(boolean atApplication) {
        LibraryFamily own = owner == null ? LibraryFamily.NONE : owner;
        if (atApplication) {
            return entered != LibraryFamily.NONE ? entered : own == LibraryFamily.REFLECTION ? own : LibraryFamily.NONE;
        }
        return own != LibraryFamily.NONE ? own : entered;
    }
}
