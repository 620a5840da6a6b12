package dev.brink.jvm;

import dev.brink.core.Addresses;
import dev.brink.core.BrinkUserException;
import java.util.List;
import java.util.Objects;

/**
 * Which JVM to observe: a local process id, a remote JMX endpoint, or a command Brink starts itself
 * (and stops again when the observer closes). Immutable; {@link #toString()} never shows a password
 * because a target never holds one (remote credentials come from BRINK_JMX_USER / BRINK_JMX_PASSWORD
 * at connect time).
 */
public sealed interface JvmTarget {

    /** A JVM on this machine, run by the same user, reached through the Attach API. */
    record Local(long pid) implements JvmTarget {
        public Local {
            if (pid <= 0) throw new IllegalArgumentException("pid must be > 0, was " + pid);
        }

        @Override
        public String toString() {
            return "pid " + pid;
        }
    }

    /**
     * A JVM with a JMX remote connector ({@code -Dcom.sun.management.jmxremote.port=…}).
     *
     * @param serviceUrl the full {@code service:jmx:…} URL
     * @param display    what to show the user ({@code host:port} or the URL as given)
     */
    record Remote(String serviceUrl, String display) implements JvmTarget {
        public Remote {
            Objects.requireNonNull(serviceUrl, "serviceUrl");
            Objects.requireNonNull(display, "display");
        }

        @Override
        public String toString() {
            return "jmx " + display;
        }
    }

    /**
     * A command Brink starts, attaches to (the started process or its first JVM descendant) and stops at close.
     *
     * @param output file the command's stdout and stderr are appended to, or null to share Brink's console
     */
    record Launch(List<String> command, java.nio.file.Path output) implements JvmTarget {
        public Launch {
            command = List.copyOf(command);
            if (command.isEmpty()) throw new IllegalArgumentException("launch command is empty");
        }

        public Launch(List<String> command) {
            this(command, null);
        }

        @Override
        public String toString() {
            return "launched " + String.join(" ", command);
        }
    }

    static JvmTarget pid(long pid) {
        return new Local(pid);
    }

    /** {@code host:port}, {@code [v6addr]:port} or a full {@code service:jmx:} URL. */
    static JvmTarget jmx(String address) throws BrinkUserException {
        String a = address == null ? "" : address.trim();
        if (a.startsWith("service:jmx:")) {
            return new Remote(a, a);
        }
        Addresses.HostPort hp = Addresses.hostPort(a, "JMX address");
        String host = hp.host();
        int port = hp.port();
        return new Remote("service:jmx:rmi:///jndi/rmi://" + host + ":" + port + "/jmxrmi", host + ":" + port);
    }

    static JvmTarget launch(List<String> command) throws BrinkUserException {
        if (command == null || command.isEmpty()) {
            throw new BrinkUserException("--launch needs a command, like --launch java -Xmx64m -jar app.jar");
        }
        return new Launch(command);
    }

    /** A PID (digits) or a JMX address, as typed on the command line. */
    static JvmTarget parse(String text) throws BrinkUserException {
        String t = text == null ? "" : text.trim();
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            long pid;
            try {
                pid = Long.parseLong(t);
            } catch (NumberFormatException e) {
                pid = -1;
            }
            if (pid <= 0) {
                throw new BrinkUserException("bad PID '" + text + "': expected a positive process id");
            }
            return new Local(pid);
        }
        if (t.contains(":")) {
            return jmx(t);
        }
        throw new BrinkUserException("bad target '" + text + "': expected a PID, host:port (JMX) or --launch CMD…");
    }
}
