package dev.brink.gc.programs;

/**
 * Run in a child JVM by the tests: a map-tile renderer that keeps the last 24 rendered tiles in a ring and renders
 * a new one every few milliseconds, each into a fresh buffer of args[1] KB (plus short-lived row buffers). Under G1
 * with 1 MB regions a tile of 600 KB is "humongous" (half a region or more): each one takes whole regions of the
 * old generation straight away and starts collections of its own ("G1 Humongous Allocation"); the ring fills in
 * the first second and then only replaces tiles, so the live set is flat. A tile of 200 KB is an ordinary young
 * object: the twin. Runs args[0] seconds.
 *
 * <p>Usage: {@code TileCache SECONDS TILE_KB}
 */
public final class TileCache {
    static final byte[][] RING = new byte[24][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int tileBytes = Integer.parseInt(args[1]) * 1024;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
            byte[] tile = new byte[tileBytes];
            for (int row = 0; row < 64; row++) {
                byte[] line = new byte[2048];
                line[row] = (byte) n;
                tile[row * 97 % tileBytes] = line[row];
            }
            RING[n++ % RING.length] = tile;
            sink += tile.length;
            Thread.sleep(4);
        }
        System.out.println("done, " + n + " tiles");
    }
}
