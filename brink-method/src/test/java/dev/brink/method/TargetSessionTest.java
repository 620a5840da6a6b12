package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetSessionTest {
    @Test
    void theSmallHeapReplacesTheCommandsOwnAndAsksForADumpAtOutOfMemory() {
        List<String> cmd = TargetSession.smallHeapCommand(List.of("/opt/jdk/bin/java", "-Xmx2g", "-Dx=1", "-jar", "app.jar", "--port=1"),
                "64m", Path.of("/runs/r1/evidence"));
        assertThat(cmd).containsExactly("/opt/jdk/bin/java", "-Xmx64m", "-XX:+HeapDumpOnOutOfMemoryError",
                "-XX:HeapDumpPath=/runs/r1/evidence/oom.hprof", "-Dx=1", "-jar", "app.jar", "--port=1");
    }

    @Test
    void aScriptIsNotRewritten() {
        assertThat(TargetSession.smallHeapCommand(List.of("./start.sh"), "64m", Path.of("e"))).isNull();
    }

    @Test
    void xmxIsWholeMegabytesOrKilobytes() {
        assertThat(SoakPhase.xmx(64L << 20)).isEqualTo("64m");
        assertThat(SoakPhase.xmx(1536L << 10)).isEqualTo("1536k");
    }
}
