package dev.brink.heap.child;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Objects of two known shapes, dumped live: 200 000 {@link Pair} (two ints: 24 bytes with a 12-byte header, 16 with
 * an 8-byte compact one) and 100 000 {@link Link} (two ints and a reference: 24 bytes with compressed oops, 32 with
 * 8-byte references and a 12-byte header, 24 with a compact header and either). The argument is the dump's path.
 */
public final class LayoutApp {
    record Pair(int a, int b) {
    }

    record Link(int a, int b, Object next) {
    }

    static final Object[] PAIRS = new Object[200_000];
    static final Object[] LINKS = new Object[100_000];

    private LayoutApp() {
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < PAIRS.length; i++) {
            PAIRS[i] = new Pair(i, -i);
        }
        Object next = null;
        for (int i = 0; i < LINKS.length; i++) {
            next = new Link(i, i, next);
            LINKS[i] = next;
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
    }
}
