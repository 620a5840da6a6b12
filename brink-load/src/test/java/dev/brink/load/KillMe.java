package dev.brink.load;

import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;
import java.time.Duration;

/** A child JVM for {@link SigkillTest}: loads a server for a minute unless killed first. */
public final class KillMe {
    public static void main(String[] args) throws Exception {
        Plan plan = Plans.single(args[0], 300);
        try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(8), RunDirectory.at(Path.of(args[1])))) {
            engine.run(LoadStep.open("forever", 1, Duration.ofSeconds(60)));
        }
    }
}
