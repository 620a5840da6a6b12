package dev.brink.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Threads of one dump with identical stacks and state, groups of two or more, largest first. Stateless. */
final class StackGroups {
    private StackGroups() {
    }

    static List<StackGroup> of(ThreadDump dump) {
        Map<List<Object>, List<DumpThread>> groups = new LinkedHashMap<>();
        for (DumpThread t : dump.threads()) {
            if (t.frames().isEmpty()) continue;
            groups.computeIfAbsent(List.of(t.state(), t.frames()), k -> new ArrayList<>()).add(t);
        }
        List<StackGroup> out = new ArrayList<>();
        for (List<DumpThread> g : groups.values()) {
            if (g.size() < 2) continue;
            out.add(new StackGroup(g.get(0).state(), g.stream().map(DumpThread::name).toList(), g.get(0).frames()));
        }
        out.sort(Comparator.comparingInt((StackGroup s) -> s.threads().size()).reversed());
        return out;
    }
}
