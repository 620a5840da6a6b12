package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Relocated (shaded) copies of libraries, as real jars name them, are library code of the original family. */
class LibraryCodeTest {
    @Test
    void shadedCopiesAreTheLibraryTheyCopy() {
        // grpc-netty-shaded 1.76's event loop and its JSON-free write path
        assertThat(LibraryCode.unshaded("io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoop.run"))
                .isEqualTo("io.netty.channel.epoll.EpollEventLoop.run");
        assertThat(LibraryCode.isLibrary("io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoop")).isTrue();
        // Flink puts a version segment after the marker
        assertThat(LibraryCode.unshaded("org.apache.flink.shaded.netty4.io.netty.channel.nio.NioEventLoop.run"))
                .isEqualTo("io.netty.channel.nio.NioEventLoop.run");
        // a shaded library keeps its family: Testcontainers' Jackson is JSON, a relocated Guava's regex-free code is none
        assertThat(LibraryFamily.of("org.testcontainers.shaded.com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString"))
                .isEqualTo(LibraryFamily.JSON);
        assertThat(LibraryFamily.of("com.google.cloud.hadoop.repackaged.gcs.com.google.common.base.Splitter.split"))
                .isEqualTo(LibraryFamily.NONE);
        assertThat(LibraryCode.isLibrary("com.google.cloud.hadoop.repackaged.gcs.com.google.common.base.Splitter")).isTrue();
        // an unknown library under a shading segment is still not the application's
        assertThat(LibraryCode.isLibrary("com.acme.billing.relocated.org.yaml.snakeyaml.Yaml.load")).isTrue();
    }

    @Test
    void theApplicationIsNotALibrary() {
        assertThat(LibraryCode.isLibrary("com.acme.billing.InvoiceService.total")).isFalse();
        assertThat(LibraryCode.unshaded("com.acme.billing.InvoiceService.total")).isEqualTo("com.acme.billing.InvoiceService.total");
        assertThat(LibraryCode.isLibrary("reactor.core.publisher.FluxConcatMapNoPrefetch$FluxConcatMapNoPrefetchSubscriber.request")).isTrue();
        assertThat(LibraryCode.isLibrary("io.grpc.internal.SerializingExecutor.run")).isTrue();
    }
}
