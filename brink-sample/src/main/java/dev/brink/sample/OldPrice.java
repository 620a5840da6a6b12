package dev.brink.sample;

import java.math.BigDecimal;
import java.time.Instant;

/** One superseded price, as the leaky history keeps it. */
record OldPrice(long bookId, BigDecimal price, Instant replacedAt, String note) {
}
