package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code brink demo --scenario telemetry}: field report 002's vehicle terminals against brink-sample's telemetry
 * platform with its {@code leak} defect (a device's state and every point of its trip kept after logout). The
 * whole method runs through an ordinary raw-TCP plan: JT/T 808-style login, data packets (BCD time, position,
 * speed, mileage, fuel; XOR check; 7E/7D escaped) and logout, one connection per device.
 */
final class TelemetryDemo {
    /**
     * Devices on line at once: each connection is one terminal's trip, its packets one at a time (a terminal waits
     * for the ack). Enough that the platform, not the number of terminals, limits the packet rate.
     */
    static final int DEVICES = 200;

    private TelemetryDemo() {
    }

    static int run(SampleLauncher sample, int port, int statsPort, boolean quick, Path out, PrintWriter console) throws BrinkUserException {
        List<String> launch = sample.telemetryCommand(null, port, statsPort, true, "256m");
        Plan plan = PlanReader.parse(planYaml(port, launch, quick), "demo plan", Path.of("."), name -> null);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name());
        console.println("run directory: " + run.root());
        console.println("the telemetry platform with the leak defect on tcp://127.0.0.1:" + port
                + " (its counters: http://127.0.0.1:" + statsPort + "/stats)");
        return MethodConsole.runAndReport(plan, run, LoadOptions.defaults().withMaxConnections(DEVICES), null, false, console);
    }

    /**
     * The demo's plan: 200 packets/s, trips of a login, 50 data packets and a logout. Every data packet leaves its
     * point (a long[6], about 70 bytes with its list slot) in the leaked trip, every trip a device entry: at the
     * soak's 8 × profile that is about 110 KB a second, ~4 MB in the quick soak's 40 s, an eighth of its heap, while
     * the platform still answers. Ten full-GC probes give the whole-heap floor its points. A 25 s soak was too short on
     * a quiet machine: its 14 s window after the soak's warm-up grew the floor by 1 MB, within the noise of the trips
     * in flight, and the floor's last third did not climb above its middle one.
     */
    static String planYaml(int port, List<String> launch, boolean quick) {
        String cmd = launch.stream().map(a -> "'" + a.replace("'", "''") + "'").collect(Collectors.joining(", "));
        // quick: one capacity step (the launched target's 20 s warm-up comes first) and a short soak at 8 × profile,
        // no confirmation (its hold proves nothing the leak needs): about a minute on 2 idle cores
        String phases = quick ? """
                  capacity: {start: 2, step: 4, max: 2, step_duration: 4s, warmup: 1s, refine: false}
                  soak:     {multiplier: 8, hold: 40s, small_heap: 32m, probes: 10}
                """ : """
                  capacity: {start: 1, step: 2, max: 21, step_duration: 20s, warmup: 5s, refine: true}
                  confirm:  {ramp: 20s, hold: 1m}
                  soak:     {multiplier: 8, hold: 3m, small_heap: 48m}
                """;
        return """
                name: demo-telemetry
                target:
                  tcp: "127.0.0.1:%d"
                  jvm: {launch: [%s]}
                profile:
                  - {name: packets, rps: 200}
                variables:
                  seq: {counter: {start: 1}}
                  time: {clock: {}}
                  device: {session: {start: 13800000000}}
                  lat: {walk: {start: 31.23, min: 31.0, max: 31.5, step: 0.0005}}
                  lon: {walk: {start: 121.47, min: 121.2, max: 121.8, step: 0.0005}}
                  speed: {walk: {start: 40, min: 0, max: 130, step: 3}}
                  mileage: {accumulate: {of: speed, rate: 0.000277778, start: 1000}}
                  fuel: {accumulate: {rate: -0.002, start: 60, min: 0}}
                packets:
                  login:
                    escape: {over: [id, check], map: {"7E": "7D02", "7D": "7D01"}}
                    fields:
                      - {hex: "7E"}
                      - {name: id, u16: 0x0100}
                      - {length: [body, body_end], size: 2}
                      - {bcd: device, size: 6}
                      - {u16: seq}
                      - {name: body, u32: time}
                      - {name: body_end, text: "BRINK808", size: 8}
                      - {name: check, checksum: xor, over: [id, body_end]}
                      - {hex: "7E"}
                  data:
                    escape: {over: [id, check], map: {"7E": "7D02", "7D": "7D01"}}
                    fields:
                      - {hex: "7E"}
                      - {name: id, u16: 0x0200}
                      - {length: [body, body_end], size: 2}
                      - {bcd: device, size: 6}
                      - {u16: seq}
                      - {name: body, bcd_time: time}
                      - {u32: lat, scale: 1000000}
                      - {u32: lon, scale: 1000000}
                      - {u16: speed, scale: 10}
                      - {u32: mileage, scale: 10}
                      - {name: body_end, u16: fuel, scale: 10}
                      - {name: check, checksum: xor, over: [id, body_end]}
                      - {hex: "7E"}
                  logout:
                    escape: {over: [id, check], map: {"7E": "7D02", "7D": "7D01"}}
                    fields:
                      - {hex: "7E"}
                      - {name: id, u16: 0x0003}
                      - {length: [body, body], size: 2}
                      - {bcd: device, size: 6}
                      - {u16: seq}
                      - {name: body, bcd_time: time}
                      - {name: check, checksum: xor, over: [id, body]}
                      - {hex: "7E"}
                session: {login: login, data: data, packets: 50, logout: logout, interval: 1s}
                response:
                  framing: {delimiter: {byte: "7E", max: 256}}
                  unescape: {map: {"7E": "7D02", "7D": "7D01"}, skip_first: 1, skip_last: 1}
                  checks:
                    - {offset: 1, u16: 0x8001}
                    - {offset: 13, u16: seq}
                    - {offset: 17, u8: 0}
                slo: {error_rate: 0.01, p99_ms: 200}
                phases:
                %s""".formatted(port, cmd, phases);
    }
}
