package dev.brink.sample;

import java.math.BigDecimal;

/** The body of POST /books. */
public record NewBook(String title, String author, BigDecimal price) {
}
