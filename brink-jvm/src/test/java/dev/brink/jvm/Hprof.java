package dev.brink.jvm;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Just enough of the HPROF format to tell a valid dump: the "JAVA PROFILE 1.0.2" header, the id size,
 * then top-level records (u1 tag, u4 time, u4 length, body) that must end exactly at the end of the file.
 */
final class Hprof {
    final String header;
    final int idSize;
    final Map<Integer, Integer> recordsByTag;
    final boolean utf8Mentions;

    private Hprof(String header, int idSize, Map<Integer, Integer> recordsByTag, boolean utf8Mentions) {
        this.header = header;
        this.idSize = idSize;
        this.recordsByTag = recordsByTag;
        this.utf8Mentions = utf8Mentions;
    }

    /** Walks every record; throws if a record runs past the end. Notes whether a UTF8 record equals {@code name}. */
    static Hprof read(Path file, String name) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            StringBuilder h = new StringBuilder();
            for (int b; (b = in.read()) > 0; ) h.append((char) b);
            int idSize = in.readInt();
            in.readLong(); // timestamp
            Map<Integer, Integer> tags = new HashMap<>();
            boolean found = false;
            byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
            while (true) {
                int tag = in.read();
                if (tag < 0) break;
                in.readInt();
                long len = Integer.toUnsignedLong(in.readInt());
                if (tag == 0x01 && len == idSize + wanted.length) {
                    in.skipNBytes(idSize);
                    byte[] s = in.readNBytes(wanted.length);
                    if (s.length != wanted.length) throw new EOFException("truncated UTF8 record");
                    found |= java.util.Arrays.equals(s, wanted);
                } else {
                    in.skipNBytes(len); // throws EOFException if the record runs past the end
                }
                tags.merge(tag, 1, Integer::sum);
            }
            return new Hprof(h.toString(), idSize, tags, found);
        }
    }
}
