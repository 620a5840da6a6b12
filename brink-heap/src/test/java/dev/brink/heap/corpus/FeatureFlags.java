package dev.brink.heap.corpus;

import java.util.HashMap;
import java.util.Map;

/**
 * Healthy: feature-flag and configuration data split over twelve independent holders of about 7 % each,
 * none dominating, nothing growing.
 */
public final class FeatureFlags {
    static Map<String, String> section(String name) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < 2_500; i++) {
            m.put(name + ".flag." + i, "enabled-for-cohort-" + (i % 17) + "-" + name);
        }
        return m;
    }

    static final class Billing { static final Map<String, String> FLAGS = section("billing"); }
    static final class Search { static final Map<String, String> FLAGS = section("search"); }
    static final class Checkout { static final Map<String, String> FLAGS = section("checkout"); }
    static final class Profile { static final Map<String, String> FLAGS = section("profile"); }
    static final class Shipping { static final Map<String, String> FLAGS = section("shipping"); }
    static final class Pricing { static final Map<String, String> FLAGS = section("pricing"); }
    static final class Reviews { static final Map<String, String> FLAGS = section("reviews"); }
    static final class Ads { static final Map<String, String> FLAGS = section("ads"); }
    static final class Cart { static final Map<String, String> FLAGS = section("cart"); }
    static final class Inventory { static final Map<String, String> FLAGS = section("inventory"); }
    static final class Returns { static final Map<String, String> FLAGS = section("returns"); }
    static final class Loyalty { static final Map<String, String> FLAGS = section("loyalty"); }

    public static void main(String[] args) throws Exception {
        int total = Billing.FLAGS.size() + Search.FLAGS.size() + Checkout.FLAGS.size() + Profile.FLAGS.size()
                + Shipping.FLAGS.size() + Pricing.FLAGS.size() + Reviews.FLAGS.size() + Ads.FLAGS.size()
                + Cart.FLAGS.size() + Inventory.FLAGS.size() + Returns.FLAGS.size() + Loyalty.FLAGS.size();
        System.out.println("flags " + total);
        Heaps.ready();
    }
}
