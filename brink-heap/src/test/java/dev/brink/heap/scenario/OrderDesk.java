package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An order desk wired like a small dependency-injection container: its services are beans in a registry, reached
 * only through it. Leak: the audit bean keeps every audit entry in a field. Beside it, the catalog bean's product
 * map and the pricing bean's price table, loaded at start and unchanged.
 */
public final class OrderDesk {
    static final BeanRegistry REGISTRY = new BeanRegistry();

    static final class BeanRegistry {
        private final Map<String, Object> beans = new HashMap<>();

        void register(String name, Object bean) {
            beans.put(name, bean);
        }

        <T> T bean(String name, Class<T> type) {
            return type.cast(beans.get(name));
        }
    }

    record AuditEntry(long orderId, String action, byte[] before) {
    }

    static final class AuditService {
        private final List<AuditEntry> trail = new ArrayList<>();

        void record(long orderId) {
            trail.add(new AuditEntry(orderId, "PRICE_CHANGE", new byte[48]));
        }
    }

    static final class CatalogService {
        private final Map<Long, String> descriptions = new HashMap<>();

        CatalogService() {
            for (long i = 0; i < 12_000; i++) {
                descriptions.put(i, "catalog item " + i + " with a description of modest length");
            }
        }
    }

    static final class PricingService {
        private final double[] prices = new double[60_000];
    }

    public static void main(String[] args) throws Exception {
        REGISTRY.register("catalog", new CatalogService());
        REGISTRY.register("pricing", new PricingService());
        REGISTRY.register("audit", new AuditService());
        TwoDumps.run(args, round -> {
            AuditService audit = REGISTRY.bean("audit", AuditService.class);
            for (int i = 0; i < (round == 1 ? 12_000 : 30_000); i++) {
                audit.record(i);
            }
        });
    }
}
