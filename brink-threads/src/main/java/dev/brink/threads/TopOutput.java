package dev.brink.threads;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.UserText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code top -H -b -n1 -p PID} output: per OS thread id (the dump's nid) its %CPU. Columns are found by
 * the header line (PID … %CPU), so top's field order and extra columns do not matter. Stateless.
 */
final class TopOutput {
    private TopOutput() {
    }

    static Map<Long, Double> read(Path file) throws BrinkUserException {
        List<String> lines = new String(InputFiles.readBytes(file, InputKind.TOP_OUTPUT), StandardCharsets.UTF_8).lines().toList();
        int header = -1;
        int pidCol = -1;
        int cpuCol = -1;
        for (int i = 0; i < lines.size() && header < 0; i++) {
            String[] cols = lines.get(i).strip().split("\\s+");
            for (int c = 0; c < cols.length; c++) {
                if (cols[c].equals("PID")) pidCol = c;
                if (cols[c].equals("%CPU")) cpuCol = c;
            }
            if (pidCol >= 0 && cpuCol >= 0) header = i;
            else pidCol = cpuCol = -1;
        }
        if (header < 0) {
            throw new BrinkUserException(file + ":1: not top output: expected a header line with PID and %CPU, "
                    + "as `top -H -b -n1 -p PID` prints");
        }
        Map<Long, Double> cpu = new HashMap<>();
        for (int i = header + 1; i < lines.size(); i++) {
            String[] cols = lines.get(i).strip().split("\\s+");
            if (cols.length <= Math.max(pidCol, cpuCol)) continue;
            try {
                cpu.put(Long.parseLong(cols[pidCol]), Double.parseDouble(cols[cpuCol].replace(',', '.')));
            } catch (NumberFormatException e) {
                throw new BrinkUserException(file + ":" + (i + 1) + ": expected a thread id under PID and a number "
                        + "under %CPU, found \"" + UserText.quote(lines.get(i).strip()) + "\"");
            }
        }
        return cpu;
    }
}
