package dev.brink.threads;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads JDK 21+ {@code jcmd PID Thread.dump_to_file -format=json}: threads in nested thread containers, with
 * virtual threads that jstack text does not show. JDK 21 gives names and stacks only; later JDKs add state,
 * "blockedOn", "waitingOn", "parkBlocker" and "monitorsOwned". Locks are named "class@identityHash".
 * Ownable synchronizers held are not in this format, so a ReentrantLock's holder is only known when
 * "parkBlocker" names its owner.
 */
final class JdkJsonParser {
    private JdkJsonParser() {
    }

    static ThreadDump parse(String source, JsonNode root) throws BrinkUserException {
        JsonNode dump = root.path("threadDump");
        JsonNode containers = dump.path("threadContainers");
        if (!containers.isArray()) {
            throw new BrinkUserException(source + ":1: JDK JSON thread dump without \"threadContainers\": expected the "
                    + "output of jcmd PID Thread.dump_to_file -format=json");
        }
        List<DumpThread> threads = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        Map<Long, Long> carrierOf = new HashMap<>(); // carrier tid -> virtual tid
        Map<Integer, Long> owners = new HashMap<>();
        for (JsonNode c : containers) {
            for (JsonNode t : c.path("threads")) {
                long tid = t.path("tid").asLong(-1);
                if (tid >= 0 && !seen.add(tid)) continue;
                if (t.has("carrier")) carrierOf.put(t.path("carrier").asLong(-1), tid);
                long owner = t.path("parkBlocker").path("owner").asLong(-1);
                if (owner >= 0) owners.put(threads.size(), owner);
                threads.add(thread(t, tid));
            }
        }
        threads = WaitRelocks.apply(LockOwners.apply(threads, owners));
        List<DumpThread> withCarriers = new ArrayList<>(threads.size());
        for (DumpThread t : threads) {
            Long carried = carrierOf.get(t.id());
            withCarriers.add(carried == null ? t : new DumpThread(t.name(), t.id(), t.nid(), t.state(), t.daemon(),
                    t.virtual(), t.priority(), t.cpuMs(), t.elapsedS(), t.frames(), t.held(), t.waitingOn(),
                    t.waitKind(), carried));
        }
        Instant time = null;
        try {
            if (dump.hasNonNull("time")) time = Instant.parse(dump.path("time").asText());
        } catch (DateTimeParseException e) {
            time = null; // a dump without a readable time still has threads worth reading
        }
        String jvm = dump.path("runtimeVersion").asText("");
        return new ThreadDump(source, 1, time, jvm, DumpFormat.JDK_JSON, withCarriers, List.of(), null);
    }

    private static DumpThread thread(JsonNode t, long tid) {
        List<StackFrame> frames = new ArrayList<>();
        for (JsonNode f : t.path("stack")) {
            StackFrame frame = frame(f.asText());
            if (frame != null) frames.add(frame);
        }
        List<HeldLock> held = new ArrayList<>();
        for (JsonNode m : t.path("monitorsOwned")) {
            int depth = Math.max(0, m.path("depth").asInt(0));
            for (JsonNode l : m.path("locks")) {
                LockRef ref = lockRef(l.asText());
                if (ref != null) held.add(new HeldLock(ref, depth));
            }
        }
        LockRef waiting = null;
        WaitKind kind = WaitKind.NONE;
        if (t.hasNonNull("blockedOn")) {
            waiting = lockRef(t.path("blockedOn").asText());
            kind = WaitKind.ENTER;
        } else if (t.hasNonNull("waitingOn")) {
            waiting = lockRef(t.path("waitingOn").asText());
            kind = WaitKind.WAIT;
        } else if (t.has("parkBlocker")) {
            JsonNode pb = t.path("parkBlocker");
            waiting = lockRef(pb.isTextual() ? pb.asText() : pb.path("object").asText(""));
            kind = WaitKind.PARK;
        }
        if (waiting != null && kind == WaitKind.WAIT) {
            LockRef w = waiting;
            held.removeIf(h -> h.lock().identity().equals(w.identity()));
        }
        return new DumpThread(t.path("name").asText(""), tid, -1, t.path("state").asText(null),
                false, t.path("virtual").asBoolean(false), -1, -1, -1, frames, held, waiting, kind, -1);
    }

    /** "java.base/java.lang.Thread.run(Thread.java:1474)" → frame without the module; null if not of that shape. */
    static StackFrame frame(String s) {
        int paren = s.indexOf('(');
        int slash = s.lastIndexOf('/', paren < 0 ? s.length() : paren);
        return JstackTextParser.parseFrame(slash >= 0 ? s.substring(slash + 1) : s);
    }

    /** "java.lang.Object@1825611c" → class java.lang.Object, identity 0x1825611c; null if not of that shape. */
    static LockRef lockRef(String s) {
        int at = s.lastIndexOf('@');
        if (at <= 0 || at == s.length() - 1) return null;
        return new LockRef(s.substring(0, at), "0x" + s.substring(at + 1));
    }
}
