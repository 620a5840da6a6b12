package dev.brink.sample;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/** The books, in memory, preloaded with a catalogue so reads hit real data from the first request. */
@Service
public class BookService {
    private final ConcurrentSkipListMap<Long, Book> books = new ConcurrentSkipListMap<>();
    /**
     * The "memory.leak.enabled" defect (field report 000): a price history meant for an audit that was
     * never written. Every PUT adds an entry under a new key and nothing ever removes one.
     */
    private final ConcurrentHashMap<String, OldPrice> oldBooksPrices = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong priceChanges = new AtomicLong();
    private final boolean leakEnabled;
    private final int leakNoteChars;
    private final PriceSigner signer;

    public BookService(@Value("${memory.leak.enabled:false}") boolean leakEnabled,
                       @Value("${memory.leak.note-chars:512}") int leakNoteChars,
                       @Value("${book.catalogue.size:1000}") int catalogueSize,
                       PriceSigner signer) {
        this.leakEnabled = leakEnabled;
        this.leakNoteChars = leakNoteChars;
        this.signer = signer;
        for (int i = 0; i < catalogueSize; i++) {
            long id = nextId.getAndIncrement();
            BigDecimal price = BigDecimal.valueOf(5 + (id * 37) % 95).add(BigDecimal.valueOf(id % 100, 2));
            books.put(id, new Book(id, "Book " + id, "Author " + (id % 97), price, null));
        }
    }

    public List<Book> list(int offset, int limit) {
        List<Book> page = new ArrayList<>(Math.min(limit, 100));
        int skipped = 0;
        for (Book b : books.values()) {
            if (skipped++ < offset) {
                continue;
            }
            if (page.size() == limit) {
                break;
            }
            page.add(b);
        }
        return page;
    }

    public Optional<Book> get(long id) {
        return Optional.ofNullable(books.get(id));
    }

    public Book add(NewBook nb) {
        long id = nextId.getAndIncrement();
        BigDecimal price = nb.price().setScale(2, RoundingMode.HALF_UP);
        Book b = new Book(id, nb.title(), nb.author() == null ? "" : nb.author(), price,
                signer.sign(id, price.toPlainString()));
        books.put(id, b);
        return b;
    }

    public Optional<Book> reprice(long id, BigDecimal newPrice) {
        BigDecimal price = newPrice.setScale(2, RoundingMode.HALF_UP);
        String signature = signer.sign(id, price.toPlainString());
        Book[] old = new Book[1];
        Book updated = books.computeIfPresent(id, (k, b) -> {
            old[0] = b;
            return b.withPrice(price, signature);
        });
        if (updated == null) {
            return Optional.empty();
        }
        long change = priceChanges.incrementAndGet();
        if (leakEnabled) {
            oldBooksPrices.put(id + "@" + change, new OldPrice(id, old[0].price(), Instant.now(), note(old[0], price)));
        }
        return Optional.of(updated);
    }

    public boolean delete(long id) {
        return books.remove(id) != null;
    }

    /** The audit text each leaked entry carries: what changed, padded to the configured size. */
    private String note(Book before, BigDecimal after) {
        StringBuilder sb = new StringBuilder(leakNoteChars);
        sb.append(before.title()).append(": ").append(before.price()).append(" -> ").append(after).append(' ');
        while (sb.length() < leakNoteChars) {
            sb.append('.');
        }
        return sb.toString();
    }
}
