package dev.brink.threads.corpus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Busy in crypto: a signer thread HMACs and hashes session tokens, without pause. */
public final class TokenSigner {
    static volatile int sink;

    static void signForever() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("corpus-signing-key".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        MessageDigest sha = MessageDigest.getInstance("SHA-512");
        byte[] payload = new byte[4096];
        long n = 0;
        while (true) {
            payload[(int) (n++ % payload.length)]++;
            sink += mac.doFinal(payload)[0] + sha.digest(payload)[0];
        }
    }

    public static void main(String[] args) throws Exception {
        Programs.start("token-signer", TokenSigner::signForever);
        Thread.sleep(1500);
        Programs.ready();
    }
}
