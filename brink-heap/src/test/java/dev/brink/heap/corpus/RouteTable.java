package dev.brink.heap.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One class, two big static fields: ROUTE_HISTORY grows with every routed order and is never trimmed (the leak,
 * about 60 % of the heap); CARRIER_CATALOG is the intended reference data (about a third).
 */
public final class RouteTable {
    record RouteDecision(long orderId, String carrier, String lane, byte[] audit) {
    }

    record Carrier(String code, String name, int[] laneIds) {
    }

    static final Map<Long, RouteDecision> ROUTE_HISTORY = new HashMap<>();
    static final List<Carrier> CARRIER_CATALOG = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 1_500; i++) {
            CARRIER_CATALOG.add(new Carrier("C" + i, "carrier " + i, new int[500]));
        }
        for (long o = 0; o < 30_000; o++) {
            ROUTE_HISTORY.put(o, new RouteDecision(o, "C" + (o % 1500), "lane-" + (o % 97), new byte[120]));
        }
        Heaps.ready();
    }
}
