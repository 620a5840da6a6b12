package org.acme.catalog;

import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Searches 100,000 products by a word of their name and returns the count and the cheapest: a loop over a list. */
@RestController
class SearchController {
    private record Product(String name, long cents) {
    }

    private final List<Product> products = new ArrayList<>();

    SearchController() {
        String[] words = {"lamp", "desk", "chair", "shelf", "rug", "mirror", "stool", "bench"};
        for (int i = 0; i < 100_000; i++) {
            products.add(new Product(words[i % words.length] + "-" + i, 500 + (i * 37L) % 90_000));
        }
    }

    @GetMapping("/search")
    String search(@RequestParam(defaultValue = "lamp") String q) {
        int found = 0;
        long cheapest = Long.MAX_VALUE;
        for (Product p : products) {
            if (p.name().startsWith(q)) {
                found++;
                cheapest = Math.min(cheapest, p.cents());
            }
        }
        return found + " " + cheapest;
    }
}
