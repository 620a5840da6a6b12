package dev.brink.load.testing;

import java.io.InputStream;

/**
 * The checked-in test certificates (see tls/NOTICE beside them): a test CA, a server certificate for localhost and
 * 127.0.0.1, an expired one, one for another name, and a client certificate, all signed by the CA. Checked in rather
 * than made per run: keytool takes about 10 s for the set on a loaded machine, and an expired certificate must stay
 * expired.
 */
public final class TestCertificates {
    private TestCertificates() {
    }

    /** {@code name} ("ca.pem", "server.key" …) as a stream from the test class path. */
    public static InputStream stream(String name) {
        InputStream in = TestCertificates.class.getResourceAsStream("tls/" + name);
        if (in == null) throw new IllegalArgumentException("no test certificate " + name);
        return in;
    }
}
