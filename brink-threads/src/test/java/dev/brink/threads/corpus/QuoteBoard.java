package dev.brink.threads.corpus;

/** Monitor contention: six quote-pricer threads call a synchronized rate table that sleeps while refreshing. */
public final class QuoteBoard {
    static final class RateTable {
        synchronized double refresh(String pair) throws InterruptedException {
            Thread.sleep(400); // a slow remote rate lookup done while holding the table's monitor
            return pair.length();
        }
    }

    public static void main(String[] args) throws Exception {
        RateTable table = new RateTable();
        for (int i = 0; i < 6; i++) {
            String pair = "EUR/USD-" + i;
            Programs.start("quote-pricer-" + i, () -> {
                while (true) table.refresh(pair);
            });
        }
        Programs.await("quote-pricer-", Thread.State.BLOCKED, 5);
        Programs.ready();
    }
}
