package dev.brink.load;

import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A generator that leaks on purpose, run as a child JVM by {@link GeneratorLeakTest}: an interval listener
 * plugged into the engine keeps 8 MB of small arrays every second (and makes 30 MB of garbage, so young GCs
 * come every second or two on a 256 MB heap), as a plug-in that caches per request would. Args: run directory,
 * seconds. Prints one line: "bound=<true|false> issues=<words> reasons=<text>".
 */
public final class LeakingGeneratorMain {
    static final List<byte[]> KEPT = new ArrayList<>();
    static volatile byte[] garbage;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int seconds = Integer.parseInt(args[1]);
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 200), LoadOptions.defaults().withMaxConnections(8),
                     RunDirectory.at(dir))) {
            engine.addListener((stats, health) -> {
                for (int i = 0; i < 8 * 1024; i++) KEPT.add(new byte[1024]);
                for (int i = 0; i < 30 * 1024; i++) garbage = new byte[1024];
            });
            StepResult r = engine.run(LoadStep.open("hold", 1, Duration.ofSeconds(seconds)));
            System.out.println("bound=" + r.generatorBound() + " issues=" + r.generator().issues()
                    + " reasons=" + r.generatorBoundReasons());
        }
        System.exit(0);
    }
}
