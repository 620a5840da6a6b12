package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plan.yaml of a run with users and flows reads back as the same plan: think times, forms, JSON and multipart bodies,
 * redirects followed, extracts and checks kept.
 */
class PlanWriterFlowTest {
    @TempDir
    Path dir;

    @Test
    void aFlowPlanRoundTrips() throws Exception {
        Files.write(dir.resolve("photo.bin"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, '\r', '\n'});
        Path source = Files.writeString(dir.resolve("in.yaml"), """
                name: clinic
                target: {base_url: "http://127.0.0.1:8080"}
                users: {count: 12, think: exp(1500ms), pacing: 2500ms}
                flows:
                  - name: add-pet
                    weight: 3
                    steps:
                      - name: find
                        request: {path: "/owners?lastName=Davis"}
                        extract: {ownerId: {regex: "owners/([0-9]+)"}, csrf: {form_field: _csrf}}
                        check: {status: 200-204, body: "a.b", header: {X-A: "1+"}, json: {"$.a": b}}
                      - name: add
                        request: {method: POST, path: "/owners/${session.ownerId}/pets/new",
                                  form: {_csrf: "${session.csrf}", name: "rex & co ${seq}"}}
                        check: {status: [201, 302], body_regex: "^$"}
                  - name: browse
                    steps:
                      - {name: home, request: {path: /}, extract: {loc: {header: Location}}}
                      - name: upload
                        request: {method: POST, path: /up, multipart: {t: "x ${seq}", f: {file: photo.bin, content_type: image/png}},
                                  follow_redirects: 3}
                        think: 250ms..1s
                      - name: pet
                        request: {method: POST, path: /pets, follow_redirects: true,
                                  json: {name: "rex", age: 3, w: 1.50, ok: true, tags: ["${seq}", "007"], n: null}}
                phases:
                  capacity: {start: 1, step: 1, max: 4, step_duration: 10s}
                """);
        Plan plan = PlanReader.load(source);
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, PlanWriter.yaml(plan));
        Plan back = PlanReader.load(file);
        assertThat(back.users()).isEqualTo(plan.users());
        assertThat(back.flows()).isEqualTo(plan.flows());
        assertThat(back.profile()).isEqualTo(plan.profile());
    }
}
