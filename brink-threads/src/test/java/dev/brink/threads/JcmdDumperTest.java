package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** jcmd's failure lines, as jcmd 17 and 25 print them, turned into the sentence Brink shows. */
class JcmdDumperTest {
    @Test
    void anExceptionClassBeforeJcmdsSentenceIsLeftOut() {
        assertThat(JcmdDumper.sentence("com.sun.tools.attach.AttachNotSupportedException: Unable to open socket file /proc/4242/root/tmp/"
                + ".java_pid4242: target process 4242 doesn't respond within 10500ms or HotSpot VM not loaded"))
                .startsWith("Unable to open socket file /proc/4242/root/tmp/.java_pid4242: target process 4242 doesn't respond");
        assertThat(JcmdDumper.sentence("java.io.IOException: No such process")).isEqualTo("No such process");
    }

    @Test
    void aSentenceThatIsNotAnExceptionTextStaysWhole() {
        assertThat(JcmdDumper.sentence("  Could not find any Java processes: Unknown.  ")).isEqualTo("Could not find any Java processes: Unknown.");
        assertThat(JcmdDumper.sentence("java.lang.Thread.print: not here")).isEqualTo("java.lang.Thread.print: not here");
    }
}
