package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.detail.CpuLibrary;
import dev.brink.core.testing.ChildJvm;
import dev.brink.threads.child.EventLoops;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The busy-thread rule on event loops, from jcmd dumps (with cpu=) of child JVMs running real ones
 * (child/EventLoops), on JDK 17 and 25: a Netty loop and grpc-netty-shaded's relocated Netty loop echoing a paced
 * feeder are doing their job, not busy, and the shaded frames are library code, not the application; a loop whose
 * handler computes in application code is busy, and named by that code.
 */
class EventLoopBusyTest {
    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("17", "shaded-io"), Arguments.of("25", "shaded-io"), Arguments.of("17", "plain-io"),
                Arguments.of("25", "app-on-loop"));
    }

    @ParameterizedTest(name = "JDK {0} {1}")
    @MethodSource("cases")
    void anEventLoopIsBusyOnlyWhenApplicationCodeRunsOnIt(String jdk, String mode) throws Exception {
        Path home = ChildJvm.home(jdk);
        // the test's own class path: the child needs Netty and grpc-netty-shaded beside its classes
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.java(home).toString(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), EventLoops.class.getName(), mode));
        try (ChildJvm child = ChildJvm.start(home, cmd, "ready"::equals)) {
            // three dumps 0.7 s apart; of the loop that computes, as many as it takes (at most 10) to catch it
            // running code three times: on a machine busy with other work its echo waits for a feeder that gets
            // no CPU, and dumps catch it idle in epoll, which says nothing either way
            List<Path> files = new ArrayList<>();
            int running = 0;
            for (int i = 0; i < 3 || mode.equals("app-on-loop") && running < 3 && i < 10; i++) {
                if (i > 0) Thread.sleep(700);
                Path f = dir.resolve(mode + "-" + i + ".txt");
                child.jcmd(f, "Thread.print", "-l");
                files.add(f);
                running += ThreadDumpAnalyzer.analyze(List.of(f)).dumps().get(0).threads().stream()
                        .filter(t -> t.name().startsWith("wire-loop") && BusyThreadFinder.runnableInCode(t)).count();
            }
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(files);
            DumpThread loop = a.dumps().get(files.size() - 1).threads().stream().filter(t -> t.name().startsWith("wire-loop")).findFirst().orElseThrow();
            assertThat(BusyThreadFinder.eventLoop(loop)).as(loop.frames().toString()).isTrue();
            List<String> busy = a.busyThreads().stream().map(BusyThread::name).toList();
            if (mode.equals("app-on-loop")) {
                assertThat(busy).as(cpu(a, loop.name()) + " " + files).anyMatch(n -> n.startsWith("wire-loop"));
                BusyThread b = a.busyThreads().stream().filter(t -> t.name().startsWith("wire-loop")).findFirst().orElseThrow();
                // where: the application's handler (or its checksum) when every dump caught the loop there, else the
                // deepest frame all dumps share, a Netty frame on the loop's path to the handler (its run method, or
                // the channel's read when every dump caught a read: NioByteUnsafe.read in a quiet CI run); the
                // libraries by sample say it is the handler
                assertThat(b.where().className()).as(b.where().toString()).satisfiesAnyOf(
                        c -> assertThat(c).startsWith(EventLoops.class.getName() + "$"),
                        c -> assertThat(c).startsWith("io.netty.channel."));
                assertThat(b.mainLibrary()).isEqualTo(CpuLibrary.APPLICATION);
            } else {
                // the loop ran (its clock moved) and is most of what its process's Java threads did besides the feeder
                assertThat(cpuMs(a, 2, loop.name()) - cpuMs(a, 0, loop.name())).as("the loop's CPU between the dumps").isPositive();
                assertThat(busy).as(cpu(a, loop.name()) + " " + files).noneMatch(n -> n.startsWith("wire-loop"));
                // Netty's frames, relocated or not, are library code: only the echo handler is the application's
                String netty = mode.equals("shaded-io") ? "io.grpc.netty.shaded.io.netty." : "io.netty.";
                assertThat(loop.frames()).anyMatch(f -> f.className().startsWith(netty))
                        .filteredOn(f -> !f.className().startsWith(EventLoops.class.getName())).noneMatch(CodeLibrary::application);
            }
        }
    }

    private static double cpuMs(ThreadAnalysis a, int dump, String thread) {
        return a.dumps().get(dump).threads().stream().filter(t -> t.name().equals(thread)).findFirst().orElseThrow().cpuMs();
    }

    /** The loop's CPU and elapsed times in each dump, for a failure message. */
    private static String cpu(ThreadAnalysis a, String thread) {
        StringBuilder b = new StringBuilder(thread);
        for (ThreadDump d : a.dumps()) {
            d.threads().stream().filter(t -> t.name().equals(thread)).findFirst()
                    .ifPresent(t -> b.append(" cpu=").append(t.cpuMs()).append("ms elapsed=").append(t.elapsedS()).append("s ").append(t.state()));
        }
        return b.toString();
    }
}
