package dev.brink.cli;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.brink.cli.k8s.K8sManifests;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.OutputFiles;
import dev.brink.core.UserText;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink k8s PLAN --shards N}: the Kubernetes manifests that run a plan as N shards and merge them. */
@Command(name = "k8s", mixinStandardHelpOptions = true,
        description = {"Render Kubernetes manifests that run a plan as N shards:",
            "  a ConfigMap with the plan, a PersistentVolumeClaim for the results,",
            "  an Indexed Job of N workers (pod I runs brink run --shard I/N",
            "  --start-at T; pods spread over nodes), and in merge/ a Job that",
            "  merges the shards' run directories and writes the report, plus a pod",
            "  to copy it out.",
            "Apply the folder, wait for the workers, then apply merge/",
            "(README, \"Run it on Kubernetes\")."})
final class K8sCommand implements Callable<Integer> {
    /** Kubernetes quantities (500m, 2, 1.5Gi, 512Mi): checked here so that kubectl does not refuse the file later. */
    private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?");
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    /** An image reference: registry/path:tag or @digest, no spaces or shell characters. */
    private static final Pattern IMAGE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}");
    static final int MAX_SHARDS = 1000;

    @Parameters(paramLabel = "PLAN.yaml", description = "The plan every shard runs (its target must be reachable from the pods).")
    Path planFile;

    @Option(names = "--shards", paramLabel = "N", required = true, description = "How many worker pods share the load (1..1000).")
    int shards;

    @Option(names = "--image", paramLabel = "IMG", defaultValue = "brink:latest",
            description = "The Brink image (Dockerfile at the repository root; default: ${DEFAULT-VALUE}).")
    String image;

    @Option(names = "--namespace", paramLabel = "NS", description = "Namespace of every object (default: kubectl's current one).")
    String namespace;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the manifests (default: k8s-<plan name>).")
    Path out;

    @Option(names = "--start-delay", paramLabel = "D", defaultValue = "2m",
            description = "The shards start together this long after the manifests are rendered (default: ${DEFAULT-VALUE}): time to apply them and pull the image.")
    String startDelay;

    @Option(names = "--cpu", paramLabel = "Q", defaultValue = "2", description = "CPU request = limit of each worker (default: ${DEFAULT-VALUE}).")
    String cpu;

    @Option(names = "--memory", paramLabel = "Q", defaultValue = "2Gi", description = "Memory request = limit of each worker (default: ${DEFAULT-VALUE}).")
    String memory;

    @Option(names = "--storage", paramLabel = "Q", defaultValue = "5Gi", description = "Size of the results volume (default: ${DEFAULT-VALUE}).")
    String storage;

    @Option(names = "--phases", paramLabel = "LIST", description = "Phases each worker runs, passed to brink run (default: all the plan has).")
    String phases;

    @Option(names = "--coordinator", description = "Run the method across the workers: a coordinator pod decides the capacity"
            + " search, confirmation and soak steps and judges each on the workers' merged results (brink run --shards N"
            + " --coordinator), instead of N independent shards merged afterwards. Needs a Secret NAME-token with the shared token.")
    boolean coordinated;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (shards < 1 || shards > MAX_SHARDS) throw new BrinkUserException("bad --shards " + shards + ": expected 1.." + MAX_SHARDS);
        String text = InputFiles.readUtf8(planFile, InputKind.PLAN);
        // ${env.NAME} is resolved in the pods (from the optional Secret <name>-env): never read this machine's values
        Plan plan = PlanReader.parse(text, planFile.toString(), planFile.toAbsolutePath().getParent(), name -> "set-in-the-pod");
        if (plan.target().jvm() != null && plan.target().jvm().launch() != null) {
            throw new BrinkUserException(planFile + ": target.jvm.launch starts the target in each shard's pod; on Kubernetes "
                    + "the target runs apart: expected a target.base_url the pods can reach, without target.jvm.launch");
        }
        if (plan.data() != null) {
            throw new BrinkUserException(planFile + ": data.csv is a file on this machine, not in the pods: expected a plan "
                    + "without data.csv (generators such as ${random.int(a,b)} work)");
        }
        Duration delay = Durations.parse(startDelay);
        if (delay.isNegative() || delay.isZero() || delay.compareTo(ShardStart.FUTURE_LIMIT) > 0) {
            // the pods run brink run --start-at now + delay, which refuses a start further ahead
            throw new BrinkUserException("bad --start-delay " + startDelay + ": expected more than 0 and at most "
                    + ShardStart.FUTURE_LIMIT.toHours() + "h");
        }
        quantity("--cpu", cpu);
        quantity("--memory", memory);
        quantity("--storage", storage);
        if (!IMAGE.matcher(image).matches()) {
            throw new BrinkUserException("bad --image '" + UserText.quote(image) + "': expected an image reference like registry.example/brink:0.1.0");
        }
        if (namespace != null && (namespace.length() > 63 || !DNS_LABEL.matcher(namespace).matches())) {
            throw new BrinkUserException("bad --namespace '" + UserText.quote(namespace) + "': expected a DNS label (a-z, 0-9, '-', at most 63)");
        }
        String name = name(plan.name());
        Instant startAt = Instant.now().plus(delay).truncatedTo(ChronoUnit.SECONDS);
        K8sManifests.Settings settings = new K8sManifests.Settings(name, namespace, image, shards, startAt, cpu, memory, storage, phases);
        List<K8sManifests.Manifest> manifests = coordinated ? K8sManifests.coordinated(settings, text) : K8sManifests.render(settings, text);
        Path dir = out != null ? out : Path.of("k8s-" + name);
        ObjectWriter yaml = new YAMLMapper(YAMLFactory.builder().enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS).enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE).build())
                .writer();
        for (K8sManifests.Manifest m : manifests) {
            Path file = dir.resolve(m.file());
            OutputFiles.directory(file.toAbsolutePath().getParent(), "--out"); // --out "" is the current folder
            OutputFiles.write(file, o -> yaml.writeValue(o, m.object()));
        }
        PrintWriter console = spec.commandLine().getOut();
        if (coordinated) {
            String ns = namespace == null ? "" : " -n " + namespace;
            console.println("manifests: " + dir + " (a coordinator and " + shards + " workers running the method of " + plan.name() + ")");
            console.println("token:     kubectl create secret generic " + K8sManifests.tokenSecret(name) + ns
                    + " --from-literal=token=\"$(openssl rand -hex 32)\"   (once; Brink never writes it)");
            console.println("apply:     kubectl apply -f " + dir + "   then kubectl wait --for=condition=complete job/" + name
                    + "-coordinator" + ns + " --timeout=24h; kubectl apply -f " + dir.resolve("after") + " and kubectl cp the run from "
                    + name + "-fetch:" + "/results/run");
            console.flush();
            return ExitCode.OK;
        }
        console.println("manifests: " + dir + " (" + shards + " shards of " + plan.name() + ", starting together at " + startAt + ")");
        console.println("apply:     kubectl apply -f " + dir + "   then, when kubectl wait --for=condition=complete job/" + name
                + "-workers" + (namespace == null ? "" : " -n " + namespace) + " returns: kubectl apply -f " + dir.resolve("merge"));
        console.flush();
        return ExitCode.OK;
    }

    private static void quantity(String option, String value) throws BrinkUserException {
        if (value == null || !QUANTITY.matcher(value).matches()) {
            throw new BrinkUserException("bad " + option + " '" + UserText.quote(String.valueOf(value))
                    + "': expected a Kubernetes quantity like 500m, 2, 512Mi or 2Gi");
        }
    }

    /** The plan's name as a DNS-1123 label short enough for "-workers" and each pod's index suffix. */
    static String name(String planName) {
        String n = planName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (n.length() > 40) n = n.substring(0, 40).replaceAll("-+$", "");
        return "brink-" + (n.isEmpty() ? "plan" : n);
    }
}
