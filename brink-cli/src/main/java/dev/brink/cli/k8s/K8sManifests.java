package dev.brink.cli.k8s;

import dev.brink.cli.k8s.K8sObjects.Affinity;
import dev.brink.cli.k8s.K8sObjects.AffinityTerm;
import dev.brink.cli.k8s.K8sObjects.ClaimSource;
import dev.brink.cli.k8s.K8sObjects.ClaimSpec;
import dev.brink.cli.k8s.K8sObjects.ConfigMap;
import dev.brink.cli.k8s.K8sObjects.ConfigMapSource;
import dev.brink.cli.k8s.K8sObjects.Container;
import dev.brink.cli.k8s.K8sObjects.ContainerPort;
import dev.brink.cli.k8s.K8sObjects.EnvFrom;
import dev.brink.cli.k8s.K8sObjects.Job;
import dev.brink.cli.k8s.K8sObjects.JobSpec;
import dev.brink.cli.k8s.K8sObjects.LabelSelector;
import dev.brink.cli.k8s.K8sObjects.Meta;
import dev.brink.cli.k8s.K8sObjects.PersistentVolumeClaim;
import dev.brink.cli.k8s.K8sObjects.Pod;
import dev.brink.cli.k8s.K8sObjects.PodAntiAffinity;
import dev.brink.cli.k8s.K8sObjects.PodSecurityContext;
import dev.brink.cli.k8s.K8sObjects.PodSpec;
import dev.brink.cli.k8s.K8sObjects.PodTemplate;
import dev.brink.cli.k8s.K8sObjects.Resources;
import dev.brink.cli.k8s.K8sObjects.SecretRef;
import dev.brink.cli.k8s.K8sObjects.Volume;
import dev.brink.cli.k8s.K8sObjects.VolumeMount;
import dev.brink.cli.k8s.K8sObjects.WeightedTerm;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects that run one plan as N shards on Kubernetes, and after them the merge:
 * <ol>
 *   <li>a ConfigMap with the plan as the user wrote it (values it takes from {@code ${env.NAME}} come from an
 *       optional Secret {@code <name>-env} the user creates, so no secret is ever in a rendered file);</li>
 *   <li>a PersistentVolumeClaim (ReadWriteMany: N pods on N nodes write to it) for every shard's run directory;</li>
 *   <li>an Indexed Job of N workers: pod I runs {@code brink run PLAN --shard I/N --start-at T}, T the same instant for
 *       all, rendered {@code startDelay} after now so that every pod is scheduled and pulled before the load
 *       starts; pods prefer distinct nodes (the generators must not share cores, or one shard's CPU would
 *       throttle another's schedule); requests = limits, so the pod is Guaranteed and its CPU is not taken back
 *       when the node is busy; no retries (a shard restarted later would miss the common start);</li>
 *   <li>a merge Job, applied once the workers are done: {@code brink merge} of the shards' directories, then
 *       {@code brink report}; and a pod that mounts the results for {@code kubectl cp}.</li>
 * </ol>
 * Shards are numbered 0..N-1, as Kubernetes numbers completion indexes.
 */
public final class K8sManifests {
    /** Where the plan and the results are mounted in every pod. */
    static final String PLAN_DIR = "/plan";
    static final String RESULTS_DIR = "/results";
    static final int METRICS_PORT = 9464;
    /** The image's user (the Dockerfile's {@code brink} user): the pod refuses to run it as root. */
    public static final long BRINK_UID = 10001;

    /** What the user chose; {@code name} is already a DNS-1123 label. */
    public record Settings(String name, String namespace, String image, int shards, Instant startAt, String cpu, String memory,
                           String storage, String phases) {
    }

    /** One file to write: a path relative to the output folder and the object in it. */
    public record Manifest(String file, Object object) {
    }

    private K8sManifests() {
    }

    public static List<Manifest> render(Settings s, String planText) {
        Map<String, String> labels = labels(s.name());
        String planMap = s.name() + "-plan";
        String claim = s.name() + "-results";
        List<Volume> volumes = List.of(new Volume("plan", new ConfigMapSource(planMap), null),
                new Volume("results", null, new ClaimSource(claim)));
        List<VolumeMount> mounts = List.of(new VolumeMount("plan", PLAN_DIR, true), new VolumeMount("results", RESULTS_DIR, null));
        Resources resources = new Resources(Map.of("cpu", s.cpu(), "memory", s.memory()), Map.of("cpu", s.cpu(), "memory", s.memory()));
        PodSecurityContext user = new PodSecurityContext(true, BRINK_UID, BRINK_UID);

        List<String> workerArgs = new ArrayList<>(List.of("run", PLAN_DIR + "/plan.yaml",
                "--shard", "$(JOB_COMPLETION_INDEX)/" + s.shards(), "--start-at", s.startAt().toString(),
                "--out", RESULTS_DIR + "/shard-$(JOB_COMPLETION_INDEX)", "--metrics", "0.0.0.0:" + METRICS_PORT));
        if (s.phases() != null) workerArgs.addAll(List.of("--phases", s.phases()));
        Container worker = new Container("brink", s.image(), null, workerArgs, List.of(new ContainerPort("metrics", METRICS_PORT)),
                List.of(new EnvFrom(new SecretRef(s.name() + "-env", true))), resources, mounts);
        Map<String, String> workerLabels = new LinkedHashMap<>(labels);
        workerLabels.put("app.kubernetes.io/component", "worker");
        Affinity spread = new Affinity(new PodAntiAffinity(List.of(new WeightedTerm(100,
                new AffinityTerm(new LabelSelector(workerLabels), "kubernetes.io/hostname")))));
        Map<String, String> scrape = Map.of("prometheus.io/scrape", "true", "prometheus.io/port", String.valueOf(METRICS_PORT),
                "prometheus.io/path", "/metrics");
        Job workers = new Job(meta(s, s.name() + "-workers", workerLabels, Map.of()), new JobSpec("Indexed", s.shards(), s.shards(), 0,
                null, new PodTemplate(new Meta(null, null, workerLabels, scrape),
                new PodSpec("Never", spread, user, List.of(), List.of(worker), volumes))));

        List<String> mergeArgs = new ArrayList<>(List.of("merge"));
        for (int i = 0; i < s.shards(); i++) mergeArgs.add(RESULTS_DIR + "/shard-" + i);
        mergeArgs.addAll(List.of("--out", RESULTS_DIR + "/merged"));
        Map<String, String> mergeLabels = new LinkedHashMap<>(labels);
        mergeLabels.put("app.kubernetes.io/component", "merge");
        Container merge = new Container("merge", s.image(), null, mergeArgs, List.of(), List.of(), null, mounts);
        Container report = new Container("report", s.image(), null, List.of("report", RESULTS_DIR + "/merged"), List.of(), List.of(), null, mounts);
        Job mergeJob = new Job(meta(s, s.name() + "-merge", mergeLabels, Map.of()), new JobSpec(null, 1, 1, 0, null,
                new PodTemplate(new Meta(null, null, mergeLabels, Map.of()),
                        new PodSpec("Never", null, user, List.of(merge), List.of(report), volumes))));

        Map<String, String> fetchLabels = new LinkedHashMap<>(labels);
        fetchLabels.put("app.kubernetes.io/component", "fetch");
        // the image's entrypoint is brink: a plain sleep keeps the pod up for kubectl cp, at most an hour
        Container hold = new Container("results", s.image(), List.of("sleep"), List.of("3600"), List.of(), List.of(), null, mounts);
        Pod fetch = new Pod(meta(s, s.name() + "-fetch", fetchLabels, Map.of()), new PodSpec("Never", null, user, List.of(), List.of(hold), volumes));

        return List.of(
                new Manifest("plan-configmap.yaml", new ConfigMap(meta(s, planMap, labels, Map.of()), Map.of("plan.yaml", planText))),
                new Manifest("results-pvc.yaml", new PersistentVolumeClaim(meta(s, claim, labels, Map.of()),
                        new ClaimSpec(List.of("ReadWriteMany"), new Resources(Map.of("storage", s.storage()), Map.of())))),
                new Manifest("workers-job.yaml", workers),
                new Manifest("merge/merge-job.yaml", mergeJob),
                new Manifest("merge/fetch-pod.yaml", fetch));
    }

    /** The coordinator's control API port (in the pod and on its Service). */
    static final int CONTROL_PORT = 7070;
    /** Where the token Secret is mounted, as a file (never an environment variable a crash dump or /proc could show). */
    static final String TOKEN_DIR = "/token";

    /** The Secret the user creates with the shared token: {@code kubectl create secret generic NAME --from-literal=token=…}. */
    public static String tokenSecret(String name) {
        return name + "-token";
    }

    /**
     * The method across the workers ({@code brink run --shards N --coordinator}): the plan and results volume as
     * above; a coordinator Job (one pod) that listens on its pod address, decides the steps, judges the merged
     * results and writes the run to {@code /results/run}; a Service in front of it; and an Indexed Job of N workers
     * ({@code brink worker --coordinator SERVICE:7070 --shard I/N}, each writing {@code /results/run/shards/I}). The
     * token is a Secret the user creates (see {@link #tokenSecret}), mounted as a file in every pod: Brink never writes
     * it into a manifest, a log or a run directory.
     */
    public static List<Manifest> coordinated(Settings s, String planText) {
        Map<String, String> labels = labels(s.name());
        String planMap = s.name() + "-plan";
        String claim = s.name() + "-results";
        String service = s.name() + "-coordinator";
        List<Volume> volumes = List.of(new Volume("plan", new ConfigMapSource(planMap), null),
                new Volume("results", null, new ClaimSource(claim)),
                new Volume("token", null, null, new K8sObjects.SecretSource(tokenSecret(s.name()), 0400)));
        List<VolumeMount> mounts = List.of(new VolumeMount("plan", PLAN_DIR, true), new VolumeMount("results", RESULTS_DIR, null),
                new VolumeMount("token", TOKEN_DIR, true));
        Resources resources = new Resources(Map.of("cpu", s.cpu(), "memory", s.memory()), Map.of("cpu", s.cpu(), "memory", s.memory()));
        PodSecurityContext user = new PodSecurityContext(true, BRINK_UID, BRINK_UID);
        List<K8sObjects.EnvFrom> planEnv = List.of(new EnvFrom(new SecretRef(s.name() + "-env", true)));

        Map<String, String> coordLabels = new LinkedHashMap<>(labels);
        coordLabels.put("app.kubernetes.io/component", "coordinator");
        List<String> coordArgs = new ArrayList<>(List.of("run", PLAN_DIR + "/plan.yaml", "--shards", Integer.toString(s.shards()),
                "--coordinator", "$(POD_IP):" + CONTROL_PORT, "--token-file", TOKEN_DIR + "/token", "--out", RESULTS_DIR + "/run",
                "--metrics", "0.0.0.0:" + METRICS_PORT));
        if (s.phases() != null) coordArgs.addAll(List.of("--phases", s.phases()));
        Container coordinator = new Container("coordinator", s.image(), null, coordArgs,
                List.of(new ContainerPort("control", CONTROL_PORT), new ContainerPort("metrics", METRICS_PORT)),
                List.of(new K8sObjects.EnvVar("POD_IP", new K8sObjects.EnvSource(new K8sObjects.FieldRef("status.podIP")))),
                planEnv, resources, mounts);
        Map<String, String> scrape = Map.of("prometheus.io/scrape", "true", "prometheus.io/port", String.valueOf(METRICS_PORT),
                "prometheus.io/path", "/metrics");
        Job coordJob = new Job(meta(s, service, coordLabels, Map.of()), new JobSpec(null, 1, 1, 0, null,
                new PodTemplate(new Meta(null, null, coordLabels, scrape), new PodSpec("Never", null, user, List.of(), List.of(coordinator), volumes))));
        K8sObjects.Service svc = new K8sObjects.Service(meta(s, service, labels, Map.of()), new K8sObjects.ServiceSpec(coordLabels,
                List.of(new K8sObjects.ServicePort("control", CONTROL_PORT, "control"))));

        Map<String, String> workerLabels = new LinkedHashMap<>(labels);
        workerLabels.put("app.kubernetes.io/component", "worker");
        List<String> workerArgs = List.of("worker", "--coordinator", service + ":" + CONTROL_PORT,
                "--shard", "$(JOB_COMPLETION_INDEX)/" + s.shards(), "--token-file", TOKEN_DIR + "/token",
                "--out", RESULTS_DIR + "/run/shards/$(JOB_COMPLETION_INDEX)", "--wait", "5m");
        Container worker = new Container("worker", s.image(), null, workerArgs, List.of(), planEnv, resources, mounts);
        Affinity spread = new Affinity(new PodAntiAffinity(List.of(new WeightedTerm(100,
                new AffinityTerm(new LabelSelector(workerLabels), "kubernetes.io/hostname")))));
        Job workers = new Job(meta(s, s.name() + "-workers", workerLabels, Map.of()), new JobSpec("Indexed", s.shards(), s.shards(), 0,
                null, new PodTemplate(new Meta(null, null, workerLabels, Map.of()),
                new PodSpec("Never", spread, user, List.of(), List.of(worker), volumes))));

        Map<String, String> fetchLabels = new LinkedHashMap<>(labels);
        fetchLabels.put("app.kubernetes.io/component", "fetch");
        Container hold = new Container("results", s.image(), List.of("sleep"), List.of("3600"), List.of(), List.of(), null,
                List.of(new VolumeMount("results", RESULTS_DIR, null)));
        Pod fetch = new Pod(meta(s, s.name() + "-fetch", fetchLabels, Map.of()), new PodSpec("Never", null, user, List.of(), List.of(hold),
                List.of(new Volume("results", null, new ClaimSource(claim)))));
        return List.of(
                new Manifest("plan-configmap.yaml", new ConfigMap(meta(s, planMap, labels, Map.of()), Map.of("plan.yaml", planText))),
                new Manifest("results-pvc.yaml", new PersistentVolumeClaim(meta(s, claim, labels, Map.of()),
                        new ClaimSpec(List.of("ReadWriteMany"), new Resources(Map.of("storage", s.storage()), Map.of())))),
                new Manifest("coordinator-service.yaml", svc),
                new Manifest("coordinator-job.yaml", coordJob),
                new Manifest("workers-job.yaml", workers),
                new Manifest("after/fetch-pod.yaml", fetch));
    }

    private static Map<String, String> labels(String name) {
        Map<String, String> l = new LinkedHashMap<>();
        l.put("app.kubernetes.io/name", "brink");
        l.put("app.kubernetes.io/instance", name);
        return l;
    }

    private static Meta meta(Settings s, String name, Map<String, String> labels, Map<String, String> annotations) {
        return new Meta(name, s.namespace(), labels, annotations);
    }
}
