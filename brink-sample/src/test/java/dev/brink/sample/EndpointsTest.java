package dev.brink.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every endpoint of the book service answers as documented, from a real child JVM over real HTTP. */
class EndpointsTest {
    static SampleProcess sample;

    @BeforeAll
    static void start() throws Exception {
        sample = SampleProcess.start();
    }

    @AfterAll
    static void stop() throws Exception {
        sample.close();
    }

    @Test
    void healthSaysUp() throws Exception {
        HttpResponse<String> r = sample.get("/health");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"UP\"");
    }

    @Test
    void listsThePreloadedCatalogueInPages() throws Exception {
        HttpResponse<String> r = sample.get("/books?offset=10&limit=3");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).startsWith("[{\"id\":11,").contains("\"id\":12,", "\"id\":13,").doesNotContain("\"id\":14,");
        assertThat(sample.get("/books?limit=0").statusCode()).isEqualTo(400);
    }

    @Test
    void getsOneBookOr404() throws Exception {
        HttpResponse<String> r = sample.get("/books/7");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"id\":7,", "\"title\":\"Book 7\"");
        assertThat(sample.get("/books/999999").statusCode()).isEqualTo(404);
        assertThat(sample.get("/books/abc").statusCode()).isEqualTo(400);
    }

    @Test
    void createsABookThatCanBeReadBack() throws Exception {
        HttpResponse<String> r = sample.send("POST", "/books", "{\"title\":\"Brink\",\"author\":\"A\",\"price\":12.345}", "application/json");
        assertThat(r.statusCode()).isEqualTo(201);
        assertThat(r.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).startsWith("/books/"));
        assertThat(r.body()).contains("\"title\":\"Brink\"", "\"price\":12.35");
        String location = r.headers().firstValue("Location").orElseThrow();
        assertThat(sample.get(location).body()).contains("\"title\":\"Brink\"");
    }

    @Test
    void badJsonAndInvalidBooksAre400() throws Exception {
        assertThat(sample.send("POST", "/books", "{\"title\":", "application/json").statusCode()).isEqualTo(400);
        assertThat(sample.send("POST", "/books", "{\"price\":\"x\"}", "application/json").statusCode()).isEqualTo(400);
        assertThat(sample.send("POST", "/books", "{\"title\":\"\",\"price\":3}", "application/json").statusCode()).isEqualTo(400);
        assertThat(sample.send("POST", "/books", "{\"title\":\"t\",\"price\":-3}", "application/json").statusCode()).isEqualTo(400);
    }

    @Test
    void repricesWithAPlainNumberBody() throws Exception {
        HttpResponse<String> r = sample.send("PUT", "/books/21/price", "19.99", "text/plain");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"id\":21,", "\"price\":19.99");
        assertThat(sample.get("/books/21").body()).contains("\"price\":19.99");
        assertThat(sample.send("PUT", "/books/21/price", "cheap", "text/plain").statusCode()).isEqualTo(400);
        assertThat(sample.send("PUT", "/books/21/price", "0", "application/json").statusCode()).isEqualTo(400);
        assertThat(sample.send("PUT", "/books/999999/price", "5", "text/plain").statusCode()).isEqualTo(404);
    }

    @Test
    void deletesOnce() throws Exception {
        assertThat(sample.send("DELETE", "/books/500", null, null).statusCode()).isEqualTo(204);
        assertThat(sample.get("/books/500").statusCode()).isEqualTo(404);
        assertThat(sample.send("DELETE", "/books/500", null, null).statusCode()).isEqualTo(404);
    }
}
