package dev.brink.sample;

import java.math.BigDecimal;

/** A book as the API shows it. {@code signature} is set only when price signing is on. */
public record Book(long id, String title, String author, BigDecimal price, String signature) {
    Book withPrice(BigDecimal newPrice, String newSignature) {
        return new Book(id, title, author, newPrice, newSignature);
    }
}
