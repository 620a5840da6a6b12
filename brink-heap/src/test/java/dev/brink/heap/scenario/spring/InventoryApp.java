package dev.brink.heap.scenario.spring;

import dev.brink.heap.scenario.TwoDumps;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Service;

/**
 * A Spring Boot service at rest (no web server): its application context with auto-configuration, an inventory
 * service holding a bounded LRU cache of stock records, and a pricing service with a rate table loaded at start.
 * Between the dumps it serves reads: nothing grows.
 */
@SpringBootApplication
public class InventoryApp {
    @Service
    public static class InventoryService {
        private final Map<String, int[]> stock = new LinkedHashMap<>(2048, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, int[]> eldest) {
                return size() > 1_500;
            }
        };

        public synchronized int level(String sku) {
            return stock.computeIfAbsent(sku, s -> new int[64])[0];
        }
    }

    @Service
    public static class PricingService {
        private final double[] rates = new double[60_000];

        public double rate(int i) {
            return rates[i % rates.length];
        }
    }

    public static void main(String[] args) throws Exception {
        SpringApplication app = new SpringApplication(InventoryApp.class);
        app.setLogStartupInfo(false);
        try (ConfigurableApplicationContext ctx = app.run("--spring.main.banner-mode=off")) {
            InventoryService inventory = ctx.getBean(InventoryService.class);
            PricingService pricing = ctx.getBean(PricingService.class);
            TwoDumps.run(args, round -> {
                for (int i = 0; i < 6_000; i++) {
                    inventory.level("SKU-" + ((round * 997 + i) % 2_000));
                    pricing.rate(i);
                }
            });
        }
    }
}
