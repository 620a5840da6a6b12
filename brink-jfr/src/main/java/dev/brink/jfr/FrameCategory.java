package dev.brink.jfr;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The library family a stack frame belongs to, for the costs field reports keep finding under load: log masking
 * by regex, {@code new SimpleDateFormat} per line, synchronized signing, logging, JSON, reflection, class
 * loading. A hot stack is named by the family of the library API the application called (see {@link StackView}),
 * because that is what the application can change: "regex called from LogMasker.mask" rather than
 * "Pattern$Curly.match".
 *
 * <p>Prefixes, not class lists, so a JDK's internal renames (Pattern$BmpCharProperty, sun.security.rsa…) and the
 * common libraries on top (Log4j, Logback, Jackson, Gson, BouncyCastle) fall in the same family.
 */
public enum FrameCategory {
    REGEX, FORMATTING, CRYPTO, LOGGING, JSON, REFLECTION, CLASS_LOADING, NONE;

    private static final String[][] PREFIXES = {
        {"java.util.regex.", "REGEX"},
        {"java.text.", "FORMATTING"}, {"java.util.Formatter", "FORMATTING"}, {"java.time.format.", "FORMATTING"},
        {"sun.util.calendar.", "FORMATTING"}, {"java.util.Calendar", "FORMATTING"}, {"java.util.GregorianCalendar", "FORMATTING"},
        {"sun.util.locale.provider.", "FORMATTING"}, {"sun.util.cldr.", "FORMATTING"},
        // access control and code sources live in java.security but are not cryptography (RMI, class loading use them)
        {"java.security.AccessController", "NONE"}, {"java.security.AccessControlContext", "NONE"},
        {"java.security.ProtectionDomain", "NONE"}, {"java.security.SecureClassLoader", "CLASS_LOADING"},
        {"java.security.CodeSource", "NONE"},
        {"javax.crypto.", "CRYPTO"}, {"java.security.", "CRYPTO"}, {"sun.security.", "CRYPTO"}, {"com.sun.crypto.", "CRYPTO"},
        {"org.bouncycastle.", "CRYPTO"}, {"java.math.BigInteger", "CRYPTO"},
        {"org.apache.logging.log4j.", "LOGGING"}, {"org.apache.log4j.", "LOGGING"}, {"ch.qos.logback.", "LOGGING"},
        {"org.slf4j.", "LOGGING"}, {"java.util.logging.", "LOGGING"}, {"org.jboss.logging.", "LOGGING"},
        {"com.fasterxml.jackson.", "JSON"}, {"com.google.gson.", "JSON"}, {"com.alibaba.fastjson", "JSON"},
        {"jakarta.json.", "JSON"}, {"javax.json.", "JSON"}, {"org.json.", "JSON"},
        {"java.lang.ClassLoader", "CLASS_LOADING"}, {"jdk.internal.loader.", "CLASS_LOADING"}, {"java.net.URLClassLoader", "CLASS_LOADING"},
        {"java.lang.Class.forName", "CLASS_LOADING"},
        {"java.lang.reflect.", "REFLECTION"}, {"jdk.internal.reflect.", "REFLECTION"}, {"java.lang.Class.getDeclared", "REFLECTION"},
        {"java.lang.Class.getMethod", "REFLECTION"}, {"java.lang.Class.getField", "REFLECTION"},
        {"java.lang.String.replaceAll", "REGEX"}, {"java.lang.String.replaceFirst", "REGEX"}, {"java.lang.String.matches", "REGEX"},
        {"java.lang.String.format", "FORMATTING"}, {"java.lang.String.formatted", "FORMATTING"},
    };

    /**
     * The family of a frame named {@code class.method}; {@link #NONE} for everything else (collections, strings,
     * I/O), which is cost without a library to blame.
     */
    public static FrameCategory of(String qualifiedMethod) {
        for (String[] p : PREFIXES) {
            if (qualifiedMethod.startsWith(p[0])) {
                return valueOf(p[1]);
            }
        }
        return NONE;
    }

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The words a person reads: "class loading", "regex". */
    public String words() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
