package dev.brink.gc.programs;

/**
 * Written once to make committed GC logs (causes/regenerate.sh): a trading book that holds args[1] MB of positions as
 * small linked objects (a 48-byte node per position: a large live set of many objects, which a full GC must mark and
 * compact one by one), revalues a few thousand of them every 10 ms and, in the "gc" variant, calls
 * {@code System.gc()} after every revaluation round of args[2] ms "to keep the heap tidy". On a stop-the-world
 * collector each call is a full GC of the whole book, so the calls cost in proportion to the book's size; the "quiet"
 * twin revalues the same book without the call. Runs args[0] seconds.
 *
 * <p>Usage: {@code PositionBook SECONDS BOOK_MB ROUND_MS gc|quiet}
 */
public final class PositionBook {
    static final class Position {
        Position next;
        long qty;
        double price;
        int id;

        Position(int id, Position next) {
            this.id = id;
            this.next = next;
        }
    }

    static Position[] book;
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        long bookBytes = Long.parseLong(args[1]) << 20;
        long roundMs = Long.parseLong(args[2]);
        boolean gc = args[3].equals("gc");
        int positions = (int) (bookBytes / 48);
        book = new Position[1 << 16];
        for (int i = 0; i < positions; i++) {
            int slot = i & (book.length - 1);
            book[slot] = new Position(i, book[slot]);
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long nextRound = System.nanoTime() + roundMs * 1_000_000L;
        int r = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 4000; k++) {
                Position p = book[(r * 4000 + k) & (book.length - 1)];
                p.price = p.price * 0.999 + k;
                sink += new StringBuilder().append(p.id).append(':').append(p.price).length();
            }
            r++;
            if (gc && System.nanoTime() >= nextRound) {
                System.gc();
                nextRound = System.nanoTime() + roundMs * 1_000_000L;
            }
            Thread.sleep(10);
        }
        System.out.println("done, " + r + " rounds, " + sink);
    }
}
