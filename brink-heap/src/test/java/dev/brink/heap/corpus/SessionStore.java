package dev.brink.heap.corpus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A session store that never expires: a synchronized view over a LinkedHashMap, growing per login. */
public final class SessionStore {
    record Session(String id, String user, long createdMs, byte[] attributes) {
    }

    static final Map<String, Session> SESSIONS = Collections.synchronizedMap(new LinkedHashMap<>());

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 30_000; i++) {
            String id = "sess-" + Integer.toHexString(i * 7919);
            SESSIONS.put(id, new Session(id, "user" + (i % 5000), i, new byte[150]));
        }
        Heaps.ready();
    }
}
