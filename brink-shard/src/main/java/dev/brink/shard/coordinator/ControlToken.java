package dev.brink.shard.coordinator;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.UnaryOperator;

/**
 * The shared secret of a coordinator and its workers ({@code BRINK_TOKEN}, or {@code --token-file}: a Kubernetes
 * Secret mounted or passed as an environment variable). It is compared in constant time (SHA-256 of both sides,
 * then {@link MessageDigest#isEqual}: neither the bytes nor the length leak through timing), and never printed:
 * {@link #toString} says only that a token is there.
 */
public final class ControlToken {
    public static final String ENV = "BRINK_TOKEN";
    /** A token shorter than this is guessable over the network. */
    static final int MIN_LENGTH = 16;
    private static final int MAX_LENGTH = 4096;

    private final String value;
    private final byte[] digest;

    private ControlToken(String value) {
        this.value = value;
        this.digest = sha256(value);
    }

    /** A random token, for workers the coordinator starts itself (passed to them in their environment). */
    public static ControlToken random() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return new ControlToken(Base64.getUrlEncoder().withoutPadding().encodeToString(b));
    }

    /**
     * The token from {@code file} when given, else from the environment's {@code BRINK_TOKEN}.
     * @throws BrinkUserException none, unreadable, too short or with spaces inside: one line, without the token
     */
    public static ControlToken read(Path file, UnaryOperator<String> env) throws BrinkUserException {
        String t;
        String where;
        if (file != null) {
            where = "--token-file " + file;
            try {
                // bytes as Latin-1: never a decoding error quoting the secret; the check below wants printable ASCII
                t = new String(InputFiles.readBytes(file, InputKind.TOKEN), StandardCharsets.ISO_8859_1).strip();
            } catch (BrinkUserException e) {
                throw new BrinkUserException("--token-file " + e.getMessage());
            }
        } else {
            where = ENV;
            t = env.apply(ENV);
            if (t == null || t.isBlank()) {
                throw new BrinkUserException("no token: set " + ENV + " or --token-file FILE (the same secret on the coordinator and every worker)");
            }
            t = t.strip();
        }
        if (t.length() < MIN_LENGTH || t.length() > MAX_LENGTH || !t.chars().allMatch(c -> c > ' ' && c < 0x7F)) {
            throw new BrinkUserException(where + ": expected a token of " + MIN_LENGTH + " to " + MAX_LENGTH
                    + " printable ASCII characters without spaces (like the output of openssl rand -hex 32)");
        }
        return new ControlToken(t);
    }

    /** Whether an {@code Authorization} header carries this token (constant time). */
    public boolean admits(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) return false;
        return MessageDigest.isEqual(digest, sha256(authorization.substring(7)));
    }

    String header() {
        return "Bearer " + value;
    }

    /** For a child worker's environment only. */
    public String secret() {
        return value;
    }

    @Override
    public String toString() {
        return "(token)";
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
