package dev.brink.sample;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Base64;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Signs prices with RSA. With {@code crypto.synchronized.enabled} the signature is computed under one
 * global lock (field report 001's synchronized RSA/DES helper): all BookThreads queue on that monitor and
 * the signing, not the work, sets the capacity. Off by default: then nothing is signed.
 *
 * <p>{@code crypto.signing-latency-ms} adds, still under the lock, a round trip to a time-stamping service that
 * countersigns each signature (what such legacy helpers often do). A round trip is the same on every machine, so
 * the lock then saturates at the same load on a laptop and on a CI runner, where RSA alone would saturate it at a
 * load that depends on the CPU.
 */
@Component
public class PriceSigner {
    /** The one global lock of the defect. */
    private static final Object GLOBAL_CRYPTO_LOCK = new Object();

    private final KeyPair keys;
    private final long latencyMs;

    public PriceSigner(@Value("${crypto.synchronized.enabled:false}") boolean enabled,
                       @Value("${crypto.signing-latency-ms:0}") long latencyMs) throws GeneralSecurityException {
        this.latencyMs = latencyMs;
        if (enabled) {
            KeyPairGenerator gen = KeyPairGenerator.getInstance("RSA");
            gen.initialize(2048);
            this.keys = gen.generateKeyPair();
        } else {
            this.keys = null;
        }
    }

    public boolean enabled() {
        return keys != null;
    }

    /** The time-stamping round trip, under the lock like the rest of the helper. */
    private void countersign() {
        if (latencyMs > 0) {
            try {
                Thread.sleep(latencyMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while countersigning", e);
            }
        }
    }

    /** The signature of "id:price", or null when signing is off. */
    public String sign(long id, String price) {
        if (keys == null) {
            return null;
        }
        synchronized (GLOBAL_CRYPTO_LOCK) {
            try {
                Signature s = Signature.getInstance("SHA256withRSA");
                s.initSign(keys.getPrivate());
                s.update((id + ":" + price).getBytes(StandardCharsets.UTF_8));
                String signature = Base64.getEncoder().encodeToString(s.sign()).substring(0, 16);
                countersign();
                return signature;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot sign price", e);
            }
        }
    }
}
