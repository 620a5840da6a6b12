package dev.brink.load.plan.bind;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;

/**
 * The last step of every import (HAR, JMeter): the plan it wrote, read back by the plan reader. A recording or test
 * plan can hold what no plan line can say (a status of 4004, a host with spaces); the importers skip and list what
 * they recognise, and anything else surfaces here as one line that names the file the user gave, not a plan.yaml
 * the user never wrote.
 */
public final class ImportedPlan {
    private ImportedPlan() {
    }

    /**
     * @param source    the imported file as the user named it
     * @param writtenAs where the plan is written ("plan.yaml" for standard output)
     * @param baseDir   where the plan's relative files (CSV data) are looked up
     */
    public static Plan readBack(String plan, String source, String writtenAs, Path baseDir) throws BrinkUserException {
        try {
            // ${env.…} values are filled when the plan runs; the check only needs them to be there
            return PlanReader.parse(plan, writtenAs, baseDir, name -> "set-when-run");
        } catch (BrinkUserException e) {
            throw new BrinkUserException(source + ": converts to a plan Brink cannot read (" + e.getMessage() + ")");
        }
    }
}
