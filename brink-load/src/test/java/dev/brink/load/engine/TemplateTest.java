package dev.brink.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemplateTest {
    @TempDir
    Path dir;

    private static String fill(Template t, RequestContext ctx) {
        ByteBuf buf = Unpooled.buffer();
        ctx.next();
        t.write(buf, ctx);
        String s = buf.toString(StandardCharsets.UTF_8);
        buf.release();
        return s;
    }

    private static Template compile(String src) throws Template.Invalid {
        return Template.compile(src, List.of(), name -> name.equals("TOKEN") ? "tok-123" : null);
    }

    @Test
    void seqCountsRequests() throws Exception {
        Template t = compile("/items/${seq}?again=${seq}");
        RequestContext ctx = new RequestContext(1, null);
        assertThat(fill(t, ctx)).isEqualTo("/items/1?again=1");
        assertThat(fill(t, ctx)).isEqualTo("/items/2?again=2");
    }

    /**
     * JMeter's functions and Counter element as generators: the user's number and request count, the wall clock, and a
     * counter that every request of one flow run sees at one value (the loop numbers the runs; set here by hand).
     */
    @Test
    void userTimeAndCounterGeneratorsFollowTheRequestsUserAndFlowRun() throws Exception {
        RequestContext ctx = new RequestContext(3, null);
        Template t = compile("u${user}-r${user.seq}-c${counter(1,1,3)}-p${counter.user(10,-5,0,3)}");
        String[] expected = {"u5-r1-c1-p010", "u5-r2-c2-p005", "u5-r3-c3-p000", "u5-r4-c1-p010"};
        for (int run = 1; run <= 4; run++) {
            ByteBuf buf = Unpooled.buffer();
            ctx.next();
            ctx.user = 4;
            ctx.userSeq = run;
            ctx.userFlow = run;
            ctx.flowTicket = run;
            t.write(buf, ctx);
            assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(expected[run - 1]);
            buf.release();
        }
        long before = System.currentTimeMillis();
        long ms = Long.parseLong(fill(compile("${time.ms}"), ctx));
        assertThat(ms).isBetween(before, System.currentTimeMillis());
        assertThat(Long.parseLong(fill(compile("${time.s}"), ctx))).isBetween(before / 1000, System.currentTimeMillis() / 1000);
        assertThat(fill(compile("${random.string(40,ab-)}"), ctx)).matches("[ab-]{40}");
        assertThatThrownBy(() -> compile("${counter(1,0,3)}")).isInstanceOf(Template.Invalid.class).hasMessageContaining("a step");
        assertThatThrownBy(() -> compile("${counter(1,1)}")).isInstanceOf(Template.Invalid.class).hasMessageContaining("counter(start,step,end)");
        assertThatThrownBy(() -> Template.compile("${random.string(4,a b)}", List.of(), n -> null, Template.Field.PATH))
                .isInstanceOf(Template.Invalid.class).hasMessageContaining("cannot carry");
    }

    @Test
    void randomGeneratorsStayInRangeAndFormat() throws Exception {
        RequestContext ctx = new RequestContext(7, null);
        Template ints = compile("${random.int(-3,3)}");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2000; i++) seen.add(fill(ints, ctx));
        assertThat(seen).containsExactlyInAnyOrder("-3", "-2", "-1", "0", "1", "2", "3");

        Template dec = compile("${random.decimal(1,100)}");
        for (int i = 0; i < 2000; i++) {
            String v = fill(dec, ctx);
            assertThat(v).matches("\\d{1,3}\\.\\d\\d");
            assertThat(Double.parseDouble(v)).isBetween(1.0, 100.0);
        }
        assertThat(fill(compile("${random.string(12)}"), ctx)).matches("[A-Za-z0-9]{12}");
        String uuid = fill(compile("${random.uuid}"), ctx);
        assertThat(java.util.UUID.fromString(uuid).version()).isEqualTo(4);
        assertThat(uuid).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    }

    @Test
    void literalsEscapesAndEnv() throws Exception {
        RequestContext ctx = new RequestContext(1, null);
        assertThat(fill(compile("price: $5, literal $${seq}"), ctx)).isEqualTo("price: $5, literal ${seq}");
        Template env = compile("Bearer ${env.TOKEN}");
        assertThat(fill(env, ctx)).isEqualTo("Bearer tok-123");
        assertThat(env.secret()).isTrue();
        assertThat(env.toString()).isEqualTo("Bearer ${env.TOKEN}").doesNotContain("tok-123");
        assertThat(compile("/x").secret()).isFalse();
    }

    @Test
    void csvSequentialWrapsAndRandomPicksRows() throws Exception {
        Path csv = dir.resolve("d.csv");
        Files.writeString(csv, "id,name\n1,ann\n2,\"b,ob\"\n3,cy\n");
        CsvFeeder seqFeeder = CsvFeeder.load(csv, false);
        Template t = Template.compile("${csv.id}=${csv.name}", seqFeeder.columns(), n -> null);
        RequestContext ctx = new RequestContext(1, seqFeeder);
        assertThat(List.of(fill(t, ctx), fill(t, ctx), fill(t, ctx), fill(t, ctx))).containsExactly("1=ann", "2=b,ob", "3=cy", "1=ann");
        RequestContext rnd = new RequestContext(3, CsvFeeder.load(csv, true));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) seen.add(fill(t, rnd));
        assertThat(seen).containsExactlyInAnyOrder("1=ann", "2=b,ob", "3=cy");
    }

    @Test
    void badTemplatesPointAtThePlaceholder() {
        assertThatThrownBy(() -> compile("/a/${random.int(5,1)}")).isInstanceOf(Template.Invalid.class)
                .hasMessageContaining("a <= b").satisfies(e -> assertThat(((Template.Invalid) e).offset).isEqualTo(3));
        assertThatThrownBy(() -> compile("${nope}")).hasMessageContaining("one of ${seq}");
        assertThatThrownBy(() -> compile("${seq")).hasMessageContaining("closing '}'");
        assertThatThrownBy(() -> compile("${random.string(0)}")).hasMessageContaining("length");
        assertThatThrownBy(() -> compile("${env.MISSING}")).hasMessageContaining("MISSING to be set");
        assertThatThrownBy(() -> compile("${csv.id}")).hasMessageContaining("csv feeder");
    }
}
