package dev.brink.cli.k8s;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The few Kubernetes API objects Brink renders, as records whose field names are the API's (v1 ConfigMap,
 * PersistentVolumeClaim and Pod, batch/v1 Job): only the fields Brink sets, serialised by Jackson. A typed
 * model rather than YAML text, so a field cannot be misspelt or misplaced silently; a test reads every rendered
 * object into the fabric8 Kubernetes model (the API's own types) and fails on any field it does not know.
 */
public final class K8sObjects {
    private K8sObjects() {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Meta(String name, String namespace, Map<String, String> labels, Map<String, String> annotations) {
    }

    @JsonPropertyOrder({"apiVersion", "kind", "metadata", "data"})
    public record ConfigMap(String apiVersion, String kind, Meta metadata, Map<String, String> data) {
        public ConfigMap(Meta metadata, Map<String, String> data) {
            this("v1", "ConfigMap", metadata, data);
        }
    }

    @JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
    public record PersistentVolumeClaim(String apiVersion, String kind, Meta metadata, ClaimSpec spec) {
        public PersistentVolumeClaim(Meta metadata, ClaimSpec spec) {
            this("v1", "PersistentVolumeClaim", metadata, spec);
        }
    }

    public record ClaimSpec(List<String> accessModes, Resources resources) {
    }

    @JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
    public record Job(String apiVersion, String kind, Meta metadata, JobSpec spec) {
        public Job(Meta metadata, JobSpec spec) {
            this("batch/v1", "Job", metadata, spec);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record JobSpec(String completionMode, Integer completions, Integer parallelism, Integer backoffLimit,
                          Integer ttlSecondsAfterFinished, PodTemplate template) {
    }

    @JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
    public record Pod(String apiVersion, String kind, Meta metadata, PodSpec spec) {
        public Pod(Meta metadata, PodSpec spec) {
            this("v1", "Pod", metadata, spec);
        }
    }

    public record PodTemplate(Meta metadata, PodSpec spec) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record PodSpec(String restartPolicy, Affinity affinity, PodSecurityContext securityContext,
                          List<Container> initContainers, List<Container> containers, List<Volume> volumes) {
    }

    /** Brink's image runs as a non-root user; the pod says so too, and its files are writable by that group. */
    public record PodSecurityContext(boolean runAsNonRoot, long runAsUser, long fsGroup) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Container(String name, String image, List<String> command, List<String> args, List<ContainerPort> ports,
                            List<EnvVar> env, List<EnvFrom> envFrom, Resources resources, List<VolumeMount> volumeMounts) {
        public Container(String name, String image, List<String> command, List<String> args, List<ContainerPort> ports,
                         List<EnvFrom> envFrom, Resources resources, List<VolumeMount> volumeMounts) {
            this(name, image, command, args, ports, List.of(), envFrom, resources, volumeMounts);
        }
    }

    /** A variable from the pod's own fields (the downward API): the coordinator listens on its pod's address. */
    public record EnvVar(String name, EnvSource valueFrom) {
    }

    public record EnvSource(FieldRef fieldRef) {
    }

    public record FieldRef(String fieldPath) {
    }

    /** The Service workers reach the coordinator's control API (and Prometheus its metrics) through. */
    @JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
    public record Service(String apiVersion, String kind, Meta metadata, ServiceSpec spec) {
        public Service(Meta metadata, ServiceSpec spec) {
            this("v1", "Service", metadata, spec);
        }
    }

    public record ServiceSpec(Map<String, String> selector, List<ServicePort> ports) {
    }

    public record ServicePort(String name, int port, String targetPort) {
    }

    /** All keys of a Secret as environment variables: the plan's {@code ${env.NAME}} values, never in a manifest. */
    public record EnvFrom(SecretRef secretRef) {
    }

    public record SecretRef(String name, boolean optional) {
    }

    public record ContainerPort(String name, int containerPort) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Resources(Map<String, String> requests, Map<String, String> limits) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record VolumeMount(String name, String mountPath, Boolean readOnly) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Volume(String name, ConfigMapSource configMap, ClaimSource persistentVolumeClaim, SecretSource secret) {
        public Volume(String name, ConfigMapSource configMap, ClaimSource persistentVolumeClaim) {
            this(name, configMap, persistentVolumeClaim, null);
        }
    }

    /** A Secret as files, readable by the pod's user only (0400). */
    public record SecretSource(String secretName, int defaultMode) {
    }

    public record ConfigMapSource(String name) {
    }

    public record ClaimSource(String claimName) {
    }

    public record Affinity(PodAntiAffinity podAntiAffinity) {
    }

    public record PodAntiAffinity(List<WeightedTerm> preferredDuringSchedulingIgnoredDuringExecution) {
    }

    public record WeightedTerm(int weight, AffinityTerm podAffinityTerm) {
    }

    public record AffinityTerm(LabelSelector labelSelector, String topologyKey) {
    }

    public record LabelSelector(Map<String, String> matchLabels) {
    }
}
