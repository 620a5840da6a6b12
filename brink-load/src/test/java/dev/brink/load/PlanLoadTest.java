package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole plan driven against a real server: weighted operations, templates, CSV rows and headers on the wire. */
class PlanLoadTest {
    @TempDir
    Path dir;

    @Test
    void theServerReceivesWhatThePlanDescribes() throws Exception {
        try (TestServer server = new TestServer()) {
            server.keepSeen = true;
            Files.writeString(dir.resolve("books.csv"), "isbn,title\n111,Dune\n222,\"Emma, Vol 1\"\n");
            String yaml = """
                    name: book
                    target: {base_url: '%s/api'}
                    data: {csv: books.csv}
                    profile:
                      - name: get-book
                        rps: 60
                        request: {path: "/books/${csv.isbn}?n=${seq}"}
                      - name: add-book
                        rps: 20
                        request:
                          method: POST
                          path: /books
                          headers: {X-Token: "${env.TOKEN}"}
                          body: '{"title":"${csv.title}","price":${random.decimal(1,100)}}'
                    """.formatted(server.url());
            Plan plan = PlanReader.parse(yaml, "plan.yaml", dir, Map.of("TOKEN", "tok")::get);
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), null, Map.of("TOKEN", "tok")::get)) {
                r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(2)));
            }
            assertThat(r.ok()).isEqualTo(160);
            List<String> seen = new ArrayList<>(server.seen);
            List<String> gets = seen.stream().filter(s -> s.startsWith("GET")).toList();
            List<String> posts = seen.stream().filter(s -> s.startsWith("POST")).toList();
            assertThat(gets).hasSize(120).allSatisfy(s -> assertThat(s).matches("GET /api/books/(111|222)\\?n=\\d+ "));
            assertThat(posts).hasSize(40).allSatisfy(s -> assertThat(s)
                    .matches("POST /api/books \\{\"title\":\"(Dune|Emma, Vol 1)\",\"price\":\\d{1,3}\\.\\d\\d}"));
        }
    }
}
