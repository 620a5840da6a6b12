package dev.brink.threads;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.UserText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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

    /** top prints a line per thread: even 100 000 threads are a few MB; above this the file is not top output. */
    static final long MAX_BYTES = 64L << 20;

    static Map<Long, Double> read(Path file) throws BrinkUserException {
        InputFiles.checkRegular(file, "top -H output", MAX_BYTES);
        List<String> lines;
        try {
            lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
        } catch (NoSuchFileException e) {
            throw new BrinkUserException(file + ": no such file");
        } catch (IOException e) {
            throw new BrinkUserException(file + ": cannot read: " + e.getMessage());
        }
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
