package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink k8s}'s manifests are valid Kubernetes objects: each is read into the fabric8 Kubernetes model (the
 * API's own Java types, generated from its OpenAPI schema) with any field the type does not know failing the
 * test (fabric8 keeps unknown fields in {@code additionalProperties}; the check walks every object for them),
 * written back unchanged (no value coerced), and its names checked as the API server checks them.
 */
class K8sCommandTest {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
    private static final Map<String, Class<?>> KINDS = Map.of("v1/ConfigMap", ConfigMap.class,
            "v1/PersistentVolumeClaim", PersistentVolumeClaim.class, "batch/v1/Job", Job.class, "v1/Pod", Pod.class,
            "v1/Service", io.fabric8.kubernetes.api.model.Service.class);
    /** RFC 1123 names, as the API server requires of object names. */
    private static final Pattern DNS_NAME = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    @TempDir
    Path dir;

    private Path plan(String extraTarget) throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, """
                name: Checkout Flow
                target:
                  base_url: http://checkout.shop.svc:8080
                %s
                profile:
                  - name: pay
                    rps: 400
                    request: {method: POST, path: "/pay/${random.int(1,1000)}", headers: {Authorization: "Bearer ${env.SHOP_TOKEN}"}}
                    check: {status: 200}
                slo: {error_rate: 0.01, p99_ms: 300}
                phases:
                  confirm: {multiplier: 1, ramp: 10s, hold: 60s}
                """.formatted(extraTarget));
        return plan;
    }

    @Test
    void rendersValidObjectsForAnIndexedJobOfShardsAndTheirMerge() throws Exception {
        Instant before = Instant.now();
        BrinkRun r = BrinkRun.brink("k8s", plan("").toString(), "--shards", "4", "--namespace", "load", "--image",
                "registry.example/brink:0.1.0", "--start-delay", "3m", "--out", dir.resolve("m").toString(), "--phases", "confirm");
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("4 shards of Checkout Flow").contains("kubectl apply -f");

        List<Object> objects = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir.resolve("m"))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) objects.add(validated(f));
        }
        assertThat(objects).hasSize(5);
        Job workers = only(objects, Job.class, "brink-checkout-flow-workers");
        assertThat(workers.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(workers.getSpec().getCompletions()).isEqualTo(4);
        assertThat(workers.getSpec().getParallelism()).isEqualTo(4);
        assertThat(workers.getMetadata().getNamespace()).isEqualTo("load");
        PodSpec pod = workers.getSpec().getTemplate().getSpec();
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        Container worker = pod.getContainers().get(0);
        assertThat(worker.getImage()).isEqualTo("registry.example/brink:0.1.0");
        List<String> args = worker.getArgs();
        assertThat(args.subList(0, 2)).containsExactly("run", "/plan/plan.yaml");
        assertThat(args.get(args.indexOf("--shard") + 1)).isEqualTo("$(JOB_COMPLETION_INDEX)/4");
        Instant startAt = Instant.parse(args.get(args.indexOf("--start-at") + 1));
        assertThat(startAt).isBetween(before.plusSeconds(179), Instant.now().plusSeconds(180));
        assertThat(args.get(args.indexOf("--out") + 1)).isEqualTo("/results/shard-$(JOB_COMPLETION_INDEX)");
        assertThat(args.get(args.indexOf("--metrics") + 1)).isEqualTo("0.0.0.0:9464");
        assertThat(args.get(args.indexOf("--phases") + 1)).isEqualTo("confirm");
        assertThat(worker.getResources().getRequests()).isEqualTo(worker.getResources().getLimits()).containsKeys("cpu", "memory");
        var spread = pod.getAffinity().getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution().get(0).getPodAffinityTerm();
        assertThat(spread.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
        assertThat(workers.getSpec().getTemplate().getMetadata().getLabels()).containsAllEntriesOf(spread.getLabelSelector().getMatchLabels());
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getVolumes()).filteredOn(v -> v.getPersistentVolumeClaim() != null).singleElement()
                .satisfies(v -> assertThat(v.getPersistentVolumeClaim().getClaimName()).isEqualTo("brink-checkout-flow-results"));

        Job merge = only(objects, Job.class, "brink-checkout-flow-merge");
        PodSpec mergePod = merge.getSpec().getTemplate().getSpec();
        assertThat(mergePod.getInitContainers().get(0).getArgs()).containsExactly("merge", "/results/shard-0", "/results/shard-1",
                "/results/shard-2", "/results/shard-3", "--out", "/results/merged");
        assertThat(mergePod.getContainers().get(0).getArgs()).containsExactly("report", "/results/merged");

        ConfigMap planMap = only(objects, ConfigMap.class, "brink-checkout-flow-plan");
        assertThat(planMap.getData().get("plan.yaml")).isEqualTo(Files.readString(dir.resolve("plan.yaml")));
        PersistentVolumeClaim claim = only(objects, PersistentVolumeClaim.class, "brink-checkout-flow-results");
        assertThat(claim.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
        assertThat(worker.getEnvFrom().get(0).getSecretRef().getName()).isEqualTo("brink-checkout-flow-env");
    }

    @Test
    void rendersACoordinatorItsServiceAndWorkersThatReachIt() throws Exception {
        BrinkRun r = BrinkRun.brink("k8s", plan("").toString(), "--shards", "3", "--coordinator", "--out", dir.resolve("c").toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("kubectl create secret generic brink-checkout-flow-token").contains("Brink never writes it");
        List<Object> objects = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir.resolve("c"))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) objects.add(validated(f));
        }
        assertThat(objects).hasSize(6);
        Job coordinator = only(objects, Job.class, "brink-checkout-flow-coordinator");
        Container c = coordinator.getSpec().getTemplate().getSpec().getContainers().get(0);
        List<String> args = c.getArgs();
        assertThat(args.subList(0, 4)).containsExactly("run", "/plan/plan.yaml", "--shards", "3");
        assertThat(args.get(args.indexOf("--coordinator") + 1)).isEqualTo("$(POD_IP):7070");
        assertThat(c.getEnv().get(0).getValueFrom().getFieldRef().getFieldPath()).isEqualTo("status.podIP");
        assertThat(args.get(args.indexOf("--token-file") + 1)).isEqualTo("/token/token");
        var service = only(objects, io.fabric8.kubernetes.api.model.Service.class, "brink-checkout-flow-coordinator");
        assertThat(coordinator.getSpec().getTemplate().getMetadata().getLabels()).containsAllEntriesOf(service.getSpec().getSelector());
        assertThat(service.getSpec().getPorts().get(0).getPort()).isEqualTo(7070);
        Job workers = only(objects, Job.class, "brink-checkout-flow-workers");
        assertThat(workers.getSpec().getCompletionMode()).isEqualTo("Indexed");
        List<String> w = workers.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
        assertThat(w.subList(0, 3)).containsExactly("worker", "--coordinator", "brink-checkout-flow-coordinator:7070");
        assertThat(w.get(w.indexOf("--shard") + 1)).isEqualTo("$(JOB_COMPLETION_INDEX)/3");
        assertThat(w.get(w.indexOf("--out") + 1)).isEqualTo("/results/run/shards/$(JOB_COMPLETION_INDEX)");
        assertThat(workers.getSpec().getTemplate().getSpec().getVolumes()).filteredOn(v -> v.getSecret() != null).singleElement()
                .satisfies(v -> assertThat(v.getSecret().getSecretName()).isEqualTo("brink-checkout-flow-token"));
    }

    @Test
    void theCheckRefusesAFieldTheApiDoesNotKnow() throws Exception {
        assertThat(BrinkRun.brink("k8s", plan("").toString(), "--shards", "2", "--out", dir.resolve("m").toString()).code).isZero();
        Path file = dir.resolve("m/workers-job.yaml");
        ObjectNode job = (ObjectNode) YAML.readTree(file.toFile());
        ((ObjectNode) job.get("spec")).put("completionmode", "Indexed"); // a typo kubectl would reject
        YAML.writeValue(file.toFile(), job);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> validated(file)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("completionmode");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path good = plan("");
        assertOneLine(BrinkRun.brink("k8s", good.toString(), "--shards", "0"), "bad --shards 0");
        assertOneLine(BrinkRun.brink("k8s", good.toString(), "--shards", "2", "--cpu", "two"), "bad --cpu 'two'");
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "name: x\ntarget: [\n");
        assertOneLine(BrinkRun.brink("k8s", broken.toString(), "--shards", "2"), "broken.yaml");
        Path launches = plan("  jvm: {launch: [java, -jar, app.jar]}");
        assertOneLine(BrinkRun.brink("k8s", launches.toString(), "--shards", "2"), "target.jvm.launch");
    }

    private static void assertOneLine(BrinkRun r, String expected) {
        assertThat(r.code).as(r.out + r.err).isEqualTo(2);
        assertThat(r.err.strip()).contains(expected).doesNotContain("\n").doesNotContain("Exception");
    }

    private static <T> T only(List<Object> objects, Class<T> type, String name) throws Exception {
        for (Object o : objects) {
            if (type.isInstance(o) && name.equals(((io.fabric8.kubernetes.api.model.HasMetadata) o).getMetadata().getName())) {
                return type.cast(o);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " " + name + " in " + objects);
    }

    /** The object in {@code file}, read into its fabric8 type and checked; AssertionError naming what is wrong. */
    private static Object validated(Path file) throws Exception {
        JsonNode tree = YAML.readTree(file.toFile());
        String key = tree.path("apiVersion").asText() + "/" + tree.path("kind").asText();
        Class<?> type = KINDS.get(key);
        assertThat(type).as(file + ": a kind Brink renders, got " + key).isNotNull();
        Object typed = STRICT.treeToValue(tree, type);
        List<String> unknown = new ArrayList<>();
        unknownFields(typed, "", unknown);
        if (!unknown.isEmpty()) throw new AssertionError(file + ": fields the Kubernetes API does not have: " + unknown);
        // written back by the API's types, the object is the same: nothing coerced or dropped
        JsonNode back = STRICT.valueToTree(typed);
        // numbers by value: YAML reads 10001 as an int, the API type holds a long
        java.util.Comparator<JsonNode> byValue = (a, b) -> a.isNumber() && b.isNumber()
                ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;
        assertThat(back.equals(byValue, tree)).as("%s read by the API types and written back:%n%s%nwas%n%s", file, back, tree).isTrue();
        var meta = ((io.fabric8.kubernetes.api.model.HasMetadata) typed).getMetadata();
        assertThat(meta.getName()).as(file + ": metadata.name").hasSizeLessThanOrEqualTo(63).matches(DNS_NAME);
        meta.getLabels().forEach((k, v) -> assertThat(v).as(file + ": label " + k).hasSizeLessThanOrEqualTo(63)
                .matches("([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?"));
        return typed;
    }

    /** Every field a fabric8 type kept in additionalProperties, i.e. one its API schema does not define. */
    private static void unknownFields(Object o, String path, List<String> found) throws Exception {
        if (o == null || !o.getClass().getName().startsWith("io.fabric8.")) {
            if (o instanceof Collection<?> c) {
                int i = 0;
                for (Object e : c) unknownFields(e, path + "[" + i++ + "]", found);
            } else if (o instanceof Map<?, ?> m) {
                for (Map.Entry<?, ?> e : m.entrySet()) unknownFields(e.getValue(), path + "." + e.getKey(), found);
            }
            return;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || m.getDeclaringClass() == Object.class) continue;
            Object v = m.invoke(o);
            if (m.getName().equals("getAdditionalProperties")) {
                if (v instanceof Map<?, ?> extra && !extra.isEmpty()) extra.keySet().forEach(k -> found.add(path + "." + k));
            } else {
                unknownFields(v, path + "." + m.getName().substring(3), found);
            }
        }
    }
}
