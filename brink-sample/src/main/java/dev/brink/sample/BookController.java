package dev.brink.sample;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

/**
 * The HTTP API. The Netty event loop only parses and answers; the blocking part of each request runs on
 * a BookThread (see {@link BookThreads}), and a full worker queue answers 503 at once.
 */
@RestController
public class BookController {
    private final BookService books;
    private final BookThreads threads;
    private final Storage storage;
    private final RequestLog requestLog;

    public BookController(BookService books, BookThreads threads, Storage storage, RequestLog requestLog) {
        this.books = books;
        this.threads = threads;
        this.storage = storage;
        this.requestLog = requestLog;
    }

    @GetMapping("/health")
    public Map<String, String> health() {
        return Map.of("status", "UP");
    }

    @GetMapping("/books")
    public Mono<List<Book>> list(@RequestParam(name = "offset", defaultValue = "0") int offset,
                                 @RequestParam(name = "limit", defaultValue = "20") int limit) {
        if (offset < 0 || limit < 1 || limit > 1000) {
            return Mono.error(new ResponseStatusException(HttpStatus.BAD_REQUEST, "offset >= 0 and 1 <= limit <= 1000"));
        }
        return onBookThread(() -> {
            storage.call();
            List<Book> page = books.list(offset, limit);
            requestLog.log("GET", "/books?offset=" + offset + "&limit=" + limit, 200, page.size() + " books");
            return page;
        });
    }

    @GetMapping("/books/{id}")
    public Mono<ResponseEntity<Book>> get(@PathVariable("id") long id) {
        return onBookThread(() -> {
            storage.call();
            ResponseEntity<Book> r = books.get(id).map(ResponseEntity::ok).orElseGet(() -> ResponseEntity.notFound().build());
            requestLog.log("GET", "/books/" + id, r.getStatusCode().value(), r.getBody());
            return r;
        });
    }

    @PostMapping("/books")
    public Mono<ResponseEntity<Book>> add(@RequestBody NewBook nb) {
        if (nb.title() == null || nb.title().isBlank() || nb.price() == null || nb.price().signum() <= 0) {
            return Mono.error(new ResponseStatusException(HttpStatus.BAD_REQUEST, "a book needs a title and a positive price"));
        }
        return onBookThread(() -> {
            storage.call();
            Book b = books.add(nb);
            requestLog.log("POST", "/books", 201, b);
            return ResponseEntity.created(URI.create("/books/" + b.id())).body(b);
        });
    }

    /** The body is the new price as a plain number ("12.50"), as a form or a JSON number would send it. */
    @PutMapping("/books/{id}/price")
    public Mono<ResponseEntity<Book>> reprice(@PathVariable("id") long id, @RequestBody(required = false) byte[] body) {
        BigDecimal price;
        try {
            // any content type: load tools often send a bare number with no or a form content type
            price = new BigDecimal(new String(body == null ? new byte[0] : body, StandardCharsets.UTF_8).trim().replace("\"", ""));
        } catch (NumberFormatException e) {
            return Mono.error(new ResponseStatusException(HttpStatus.BAD_REQUEST, "the body must be a price, like 12.50"));
        }
        if (price.signum() <= 0) {
            return Mono.error(new ResponseStatusException(HttpStatus.BAD_REQUEST, "a price must be positive"));
        }
        return onBookThread(() -> {
            storage.call();
            ResponseEntity<Book> r = books.reprice(id, price).map(ResponseEntity::ok)
                    .orElseGet(() -> ResponseEntity.notFound().build());
            requestLog.log("PUT", "/books/" + id + "/price", r.getStatusCode().value(), r.getBody());
            return r;
        });
    }

    @DeleteMapping("/books/{id}")
    public Mono<ResponseEntity<Void>> delete(@PathVariable("id") long id) {
        return onBookThread(() -> {
            storage.call();
            boolean gone = books.delete(id);
            requestLog.log("DELETE", "/books/" + id, gone ? 204 : 404, null);
            return gone ? ResponseEntity.noContent().<Void>build() : ResponseEntity.notFound().<Void>build();
        });
    }

    private <T> Mono<T> onBookThread(Supplier<T> work) {
        return Mono.defer(() -> {
            try {
                return Mono.fromFuture(CompletableFuture.supplyAsync(work, threads.executor()));
            } catch (RejectedExecutionException full) {
                return Mono.error(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE, "all book workers are busy"));
            }
        });
    }
}
