package dev.brink.load.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class TcpPlanParserTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private static TcpSpec spec(String yaml) throws BrinkUserException {
        return TcpSpec.of(PlanReader.parse(yaml, "p.yaml", Path.of("."), k -> null));
    }

    private static String plan(String packets) {
        return "name: t\ntarget: {tcp: \"127.0.0.1:9\"}\nprofile: [{name: p, rps: 1}]\n"
                + "variables:\n  seq: {counter: {start: 0x7D}}\n  time: {clock: {}}\n"
                + "packets:\n" + packets;
    }

    @Test
    void encodesFieldsChecksumAndEscapeAsTheProtocolSays() throws Exception {
        TcpSpec s = spec(plan("""
                  p:
                    escape: {over: [id, check], map: {"7E": "7D02", "7D": "7D01"}}
                    fields:
                      - {hex: "7E"}
                      - {name: id, u16: 0x0200}
                      - {length: [id, body], size: 1}
                      - {u8: seq}
                      - {name: body, u32le: 0x01020304}
                      - {name: check, checksum: xor, over: [id, body]}
                      - {hex: "7E"}
                """));
        Session session = new Session(2);
        s.start(session, 0, 0, null, 1);
        byte[] wire = new byte[s.maxWireSize()];
        byte[] scratch = new byte[s.maxWireSize()];
        int n = s.next(session).encode(session, scratch, wire);
        // id 02 00, length 8 (id..body), seq 7D escaped, body 04 03 02 01 LE; XOR 02^00^08^7D^04^03^02^01 = 73
        assertThat(HEX.formatHex(wire, 0, n)).isEqualTo("7E" + "0200" + "08" + "7D01" + "04030201" + "73" + "7E");
        // the next packet moves the counter to 7E, escaped too; XOR 70
        n = s.next(session).encode(session, scratch, wire);
        assertThat(HEX.formatHex(wire, 0, n)).isEqualTo("7E" + "0200" + "08" + "7D02" + "04030201" + "70" + "7E");
    }

    @Test
    void checksumsMatchTheirStandardCheckValues() {
        byte[] b = "123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(Checksum.CRC16_CCITT.compute(b, 0, 9)).isEqualTo(0x29B1); // CRC-16/CCITT-FALSE check value
        assertThat(Checksum.CRC32.compute(b, 0, 9)).isEqualTo(0xCBF43926L);
        java.util.zip.CRC32 jdk = new java.util.zip.CRC32();
        jdk.update(b);
        assertThat(Checksum.CRC32.compute(b, 0, 9)).isEqualTo(jdk.getValue());
        assertThat(Checksum.SUM8.compute(b, 0, 9)).isEqualTo(477 & 0xFF);
        assertThat(Checksum.XOR.compute(b, 0, 9)).isEqualTo(0x31);
    }

    @Test
    void bcdTimeAndBcdNumbersAreWrittenDigitByDigit() throws Exception {
        TcpSpec s = spec(plan("""
                  p:
                    - {bcd_time: time, zone_offset_hours: 8}
                    - {bcd: 13800138000, size: 6}
                """));
        Session session = new Session(2);
        s.start(session, 0, 1_700_000_000_000L, null, 1); // 2023-11-14T22:13:20Z = 2023-11-15 06:13:20 +08
        byte[] wire = new byte[s.maxWireSize()];
        int n = s.next(session).encode(session, new byte[wire.length], wire);
        assertThat(HEX.formatHex(wire, 0, n)).isEqualTo("231115061320" + "013800138000");
    }

    @Test
    void sessionValuesFollowTheirRules() throws Exception {
        TcpSpec s = spec("""
                name: t
                target: {tcp: "127.0.0.1:9"}
                profile: [{name: p, rps: 1}]
                variables:
                  speed: {walk: {start: 50, min: 0, max: 130, step: 5}}
                  mileage: {accumulate: {of: speed, rate: 0.000277778}}
                  fuel: {accumulate: {rate: -0.01, start: 1, min: 0}}
                packets:
                  p: [{u16: speed}]
                session: {data: p, interval: 2s}
                """);
        Session session = new Session(3);
        s.start(session, 0, 0, null, 42);
        double speed = 50;
        double mileage = 0;
        for (int i = 0; i < 10_000; i++) {
            s.next(session);
            double v = session.value(0);
            assertThat(v).isBetween(0.0, 130.0);
            assertThat(Math.abs(v - speed)).isLessThanOrEqualTo(5.0 + 1e-9);
            assertThat(session.value(1)).isGreaterThanOrEqualTo(mileage);
            speed = v;
            mileage = session.value(1);
        }
        assertThat(session.value(2)).isZero(); // 1 - 0.01 × 2 s × 10 000 hits the floor and stays there
        assertThat(mileage).isGreaterThan(0);
    }

    @Test
    void aTcpTargetNamesItsJvmAsAnHttpTargetDoes() throws Exception {
        String packets = "  p:\n    - {u8: 1}\n";
        Plan launched = PlanReader.parse(plan(packets).replace("target: {tcp: \"127.0.0.1:9\"}",
                "target: {tcp: \"127.0.0.1:9\", jvm: {launch: [java, -jar, platform.jar]}}"), "p.yaml", Path.of("."), k -> null);
        assertThat(launched.target().jvm().launch()).containsExactly("java", "-jar", "platform.jar");
        assertThat(launched.target().tcp()).isNotNull();
        assertThatThrownBy(() -> spec(plan(packets).replace("target: {tcp: \"127.0.0.1:9\"}",
                "target: {tcp: \"127.0.0.1:9\", jvm: {pid: 1, jmx: \"h:1\"}}"))).isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("p.yaml:2:").hasMessageContaining("target.jvm: expected exactly one of pid, jmx, launch");
    }

    @Test
    void aLengthFieldTooSmallIsOneLineWithItsPlace() {
        assertThatThrownBy(() -> spec(plan("""
                  p:
                    - {length: [a, a], size: 1}
                    - {name: a, fill: "00", size: 300}
                """))).isInstanceOf(BrinkUserException.class)
                .hasMessage("p.yaml:9:7: packets.p.fields[0].length: expected a length field large enough: the range is 300 bytes,"
                        + " 1 byte holds at most 255");
    }

    @Test
    void anUnknownChecksumIsOneLineWithItsPlace() {
        assertThatThrownBy(() -> spec(plan("""
                  p:
                    - {name: a, u8: 1}
                    - {checksum: md5, over: [a, a]}
                """))).isInstanceOf(BrinkUserException.class)
                .hasMessage("p.yaml:10:18: packets.p.fields[1].checksum: expected one of xor, sum8, crc16-ccitt, crc32, got 'md5'");
    }

    @Test
    void aConstantThatDoesNotFitItsIntegerAndAnUnknownFieldAreRefused() {
        assertThatThrownBy(() -> spec(plan("  p: [{u8: 256}]\n")))
                .hasMessageStartingWith("p.yaml:8:12: packets.p.fields[0].u8: expected a value that fits in 1 byte");
        assertThatThrownBy(() -> spec(plan("  p: [{name: a, u8: 1}, {checksum: xor, over: [a, b]}]\n")))
                .hasMessageStartingWith("p.yaml:8:51: packets.p.fields[1].over[1]: expected the name of a field of this packet");
    }

    /**
     * float32 and float64 in both byte orders: constants and variables in their own units (a walk's degrees, a counter ×
     * scale), the bytes those of Java's own IEEE 754 encoding (ByteBuffer), on two packets: the counter moves between them.
     */
    @Test
    void floatFieldsCarryConstantsAndVariablesInRealUnitsInBothByteOrders() throws Exception {
        TcpSpec s = spec("""
                name: t
                target: {tcp: "127.0.0.1:9"}
                profile: [{name: p, rps: 1}]
                variables:
                  lat: {walk: {start: 31.23, min: 31.0, max: 31.5, step: 0}}
                  speed: {counter: {start: 10, step: 1}}
                packets:
                  p:
                    - {float32: 31.25}
                    - {float32le: -1.5}
                    - {float64: lat}
                    - {float64: lat, order: le}
                    - {float32: speed, scale: 2}
                """);
        Session session = new Session(2);
        s.start(session, 0, 0, null, 1);
        byte[] wire = new byte[s.maxWireSize()];
        byte[] scratch = new byte[s.maxWireSize()];
        java.nio.ByteBuffer want = java.nio.ByteBuffer.allocate(28);
        for (int k = 0; k < 2; k++) {
            int n = s.next(session).encode(session, scratch, wire);
            want.clear();
            want.order(java.nio.ByteOrder.BIG_ENDIAN).putFloat(31.25f);
            want.order(java.nio.ByteOrder.LITTLE_ENDIAN).putFloat(-1.5f);
            want.order(java.nio.ByteOrder.BIG_ENDIAN).putDouble(31.23);
            want.order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(31.23);
            want.order(java.nio.ByteOrder.BIG_ENDIAN).putFloat((10 + k) * 2f);
            assertThat(n).isEqualTo(28);
            assertThat(HEX.formatHex(wire, 0, n)).as("packet " + k).isEqualTo(HEX.formatHex(want.array()));
        }
        assertThat(HEX.formatHex(want.array(), 0, 4)).as("31.25 as IEEE 754 binary32").isEqualTo("41FA0000");

        assertThatThrownBy(() -> spec(plan("  p: [{float32: 1e39}]\n")))
                .hasMessage("p.yaml:8:17: packets.p.fields[0].float32: expected a number a float32 holds, or the name of a variable, got '1e39'");
        assertThatThrownBy(() -> spec(plan("  p: [{float64le: latt}]\n")))
                .hasMessage("p.yaml:8:19: packets.p.fields[0].float64le: expected a number a float64 holds, or the name of a variable, got 'latt'");
    }

    /** A misspelt key is named as the key it is, not as its value, in a field and in a section alike (PlanValues). */
    @Test
    void anUnknownKeyIsNamedAsTheKey() {
        assertThatThrownBy(() -> spec(plan("  p: [{u16: 1, scael: 10}]\n")))
                .hasMessageStartingWith("p.yaml:8:23: packets.p.fields[0]: expected a type, one of hex, u8")
                .hasMessageEndingWith(", got 'scael'");
        assertThatThrownBy(() -> spec(plan("  p: {fields: [{u8: 1}], escpae: {over: [a, a]}}\n")))
                .hasMessageStartingWith("p.yaml:8:34: packets.p: expected one of the keys fields, escape, got 'escpae'");
    }
}
