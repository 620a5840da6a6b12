package dev.brink.load.testing;

import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A grpc-java marshaller that passes a message's bytes through untouched: for a test's grpc-java server or client that
 * answers or checks the exact bytes Brink sent, without generated classes for the test's messages.
 */
public final class RawBytesMarshaller implements MethodDescriptor.Marshaller<byte[]> {
    public static final RawBytesMarshaller BYTES = new RawBytesMarshaller();

    private RawBytesMarshaller() {
    }

    @Override
    public InputStream stream(byte[] value) {
        return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(InputStream stream) {
        try (stream) {
            return stream.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
