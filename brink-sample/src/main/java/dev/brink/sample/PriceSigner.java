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
 */
@Component
public class PriceSigner {
    /** The one global lock of the defect. */
    private static final Object GLOBAL_CRYPTO_LOCK = new Object();

    private final KeyPair keys;

    public PriceSigner(@Value("${crypto.synchronized.enabled:false}") boolean enabled) throws GeneralSecurityException {
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
                return Base64.getEncoder().encodeToString(s.sign()).substring(0, 16);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot sign price", e);
            }
        }
    }
}
