package dev.brink.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test resources under dev/brink/bench (origin and licence of each in NOTICE beside them). */
final class TestData {
    static final String[] PUBLIC = {
        "public/jmh-1.21-sample-pg-client.json",
        "public/jmh-1.21-thrpt-ojalgo.json",
        "public/jmh-1.23-thrpt-3d-bin-packing.json",
        "public/jmh-1.25-thrpt-avgt-hollow.json",
        "public/jmh-1.37-thrpt-jcasbin.json",
        "public/jmh-1.37-thrpt-dbutils.json",
    };

    private TestData() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = TestData.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
