package dev.brink.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Which frames are the application's own code: the line a person can change, named by every finding that reads a
 * stack (JFR samples, allocations, exceptions; thread dumps). {@link LibraryCode} knows the JDK and common libraries by
 * their packages, and anything else counts as the application's; that guess fails where an application lives in a
 * library's namespace (Spring PetClinic is {@code org.springframework.samples.petclinic}, under Spring's own
 * prefix: "42 % of samples in reflection", never the application) or where an unlisted library is taken for the
 * application. So the application's packages are taken, in this order, from:
 * <ol>
 *   <li>the user ({@code --app-package}, a plan's {@code app_packages}): then only those are the application's;</li>
 *   <li>the main class the JVM was started with (JFR's jdk.JVMInformation, a launched target's command), or the
 *   {@code Start-Class}/{@code Main-Class} of its jar's manifest (Spring Boot's fat jars start a launcher, the
 *   application's class is in Start-Class): its package is the application's, in addition to what
 *   {@link LibraryCode} does not know;</li>
 *   <li>nothing: {@link LibraryCode} alone.</li>
 * </ol>
 * Immutable; thread-safe.
 */
public final class AppPackages {
    /** No package known: {@link LibraryCode} decides alone. */
    public static final AppPackages UNKNOWN = new AppPackages(List.of(), false, "");

    /**
     * Main classes that start someone else's code: a launcher's package is not the application's. Spring Boot's
     * JarLauncher, Tomcat's and Jetty's bootstraps, Quarkus's runner, IDE, Maven and Gradle launchers, the JDK's own.
     */
    private static final String[] LAUNCHERS = {
        "org.springframework.boot.loader.", "org.apache.catalina.startup.", "org.eclipse.jetty.start.",
        "io.quarkus.bootstrap.", "io.quarkus.runner.", "com.intellij.rt.", "org.codehaus.plexus.classworlds.",
        "org.gradle.", "worker.org.gradle.", "org.apache.maven.", "org.jboss.modules.", "io.vertx.core.Launcher",
        "org.junit.platform.console.", "java.", "javax.", "jdk.", "sun.", "com.sun.",
    };

    private final List<String> prefixes;
    private final boolean only;
    private final String source;

    private AppPackages(List<String> prefixes, boolean only, String source) {
        this.prefixes = List.copyOf(prefixes);
        this.only = only;
        this.source = source;
    }

    /**
     * The packages a user named: only these are the application's.
     *
     * @throws BrinkUserException a name is not a Java package ("com.acme", "org.example.shop")
     */
    public static AppPackages declared(List<String> packages) throws BrinkUserException {
        List<String> p = new ArrayList<>();
        for (String raw : packages) {
            String name = raw.strip();
            if (name.endsWith(".")) {
                name = name.substring(0, name.length() - 1);
            }
            if (!isPackageName(name)) {
                throw new BrinkUserException("app package '" + UserText.quote(raw) + "': expected a Java package name such as com.acme.shop");
            }
            p.add(name + ".");
        }
        return p.isEmpty() ? UNKNOWN : new AppPackages(p, true, "declared");
    }

    /**
     * Whether {@code name} is a dotted Java name ("com.acme.shop"): identifiers of ASCII letters, digits, '_' and '$',
     * not starting with a digit. One pass over the text: the regular expression this replaces repeated a group per
     * identifier, which recurses per repetition in java.util.regex and overflowed the stack on a long enough name.
     */
    public static boolean isPackageName(String name) {
        boolean start = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.') {
                if (start) return false; // an empty identifier
                start = true;
            } else if (c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !start && c >= '0' && c <= '9') {
                start = false;
            } else {
                return false;
            }
        }
        return !start;
    }

    /** The package of the main class a JVM was started with, or {@link #UNKNOWN} for a launcher or no package. */
    public static AppPackages fromMainClass(String mainClass) {
        String pkg = mainPackage(mainClass);
        return pkg == null ? UNKNOWN : new AppPackages(List.of(pkg + "."), false, "main class " + mainClass);
    }

    /**
     * From a JVM's command line (the main class or "-jar"'s jar, then its arguments; JFR's {@code javaArguments}):
     * the main class, or the jar's Start-Class / Main-Class when the jar can be read ({@code workDir} resolves a
     * relative path, null for the current directory). {@link #UNKNOWN} when neither names an application class.
     */
    public static AppPackages fromCommand(String javaArguments, Path workDir) {
        if (javaArguments == null || javaArguments.isBlank()) {
            return UNKNOWN;
        }
        String first = javaArguments.strip().split("\\s+")[0];
        if (!first.endsWith(".jar")) {
            return fromMainClass(first);
        }
        Path jar = workDir == null ? Path.of(first) : workDir.resolve(first);
        if (!Files.isRegularFile(jar)) {
            return UNKNOWN;
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            if (m == null) {
                return UNKNOWN;
            }
            String start = m.getMainAttributes().getValue("Start-Class");
            String main = start != null ? start : m.getMainAttributes().getValue("Main-Class");
            AppPackages a = main == null ? UNKNOWN : fromMainClass(main.strip());
            return a == UNKNOWN ? a : new AppPackages(a.prefixes, false, "main class " + main.strip() + " of " + jar.getFileName());
        } catch (IOException | SecurityException e) {
            return UNKNOWN; // not a readable jar: the packages stay unknown, as without a jar
        }
    }

    /** "org.springframework.samples.petclinic" for "org.springframework.samples.petclinic.PetClinicApplication". */
    static String mainPackage(String mainClass) {
        if (mainClass == null || mainClass.isBlank() || mainClass.startsWith("-")) {
            return null;
        }
        for (String l : LAUNCHERS) {
            if (mainClass.startsWith(l)) {
                return null;
            }
        }
        int dot = mainClass.lastIndexOf('.');
        return dot > 0 ? mainClass.substring(0, dot) : null;
    }

    /** True for a frame or class of the application's own code ({@code pkg.Class.method} or {@code pkg.Class}). */
    public boolean isApplication(String qualifiedName) {
        if (qualifiedName.startsWith("(")) {
            return false;
        }
        for (String p : prefixes) {
            if (qualifiedName.startsWith(p)) {
                return true;
            }
        }
        return !only && !LibraryCode.isLibrary(qualifiedName);
    }

    /** The packages known ("org.acme"), without the trailing dot; empty when none. */
    public List<String> packages() {
        return prefixes.stream().map(p -> p.substring(0, p.length() - 1)).toList();
    }

    /** Where they came from: "declared", "main class org.acme.Main", "main class … of app.jar", "" when unknown. */
    public String source() {
        return source;
    }
}
