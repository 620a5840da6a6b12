package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.AccessDeniedException;
import org.junit.jupiter.api.Test;

/**
 * The one line a user gets when a read fails mid-analysis says what failed underneath: a full disk, a file taken
 * away and a closed channel (a bug in brink) read differently, where the wrapper's words alone read the same.
 */
class IoFailureMessageTest {
    private static final String SPILL = "cannot read back the analysis's temporary file";

    @Test
    void aTemporaryFileFailureNamesItsCauseClassAndMessage() {
        assertThat(HeapAnalyzer.causes(new UncheckedIOException(SPILL, new IOException("No space left on device"))))
                .isEqualTo(SPILL + ": IOException: No space left on device");
        assertThat(HeapAnalyzer.causes(new UncheckedIOException(SPILL, new ClosedChannelException())))
                .isEqualTo(SPILL + ": ClosedChannelException");
    }

    @Test
    void aWrapperWithoutWordsOfItsOwnIsNotRepeated() {
        assertThat(HeapAnalyzer.causes(new UncheckedIOException(new AccessDeniedException("/tmp/a.hprof"))))
                .isEqualTo("AccessDeniedException: /tmp/a.hprof");
        assertThat(HeapAnalyzer.causes(new IOException("the spill file ended early", new IOException("Input/output error"))))
                .isEqualTo("IOException: the spill file ended early: IOException: Input/output error");
    }
}
