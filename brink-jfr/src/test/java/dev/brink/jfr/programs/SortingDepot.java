package dev.brink.jfr.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A parcel depot for the JFR evacuation-failure tests: a standing stock of parcels (the live set) and parcels that
 * arrive in waves, each wave kept on the floor while the next {@code floorWaves - 1} arrive, then shipped (dropped).
 * Every wave survives a young collection or two, so a young collection must copy it: with the stock filling most of a
 * small heap, G1 finds no free region to copy a wave into (an evacuation failure, "To-space exhausted"), and Parallel
 * or Serial find no room in the old generation to promote it into (a promotion failure). The same depot in a heap
 * with room is the healthy twin. Parcels are 2 KB, well under half a G1 region: no humongous allocation.
 *
 * Waves arrive at a fixed rate (the depot's pace, not the machine's speed), so the twin's collections cost what its
 * allocation rate costs rather than whatever two busy cores allow.
 *
 * <p>Usage: {@code SortingDepot SECONDS STOCK_MB WAVE_MB FLOOR_WAVES WAVES_PER_SEC}; prints {@code DEPOT waves N} at
 * the end.
 */
public final class SortingDepot {
    private static final int PARCEL = 2048;

    private SortingDepot() {
    }

    public static void main(String[] args) {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]) * 1000;
        int stockMb = Integer.parseInt(args[1]);
        int waveMb = Integer.parseInt(args[2]);
        int floorWaves = Integer.parseInt(args[3]);
        long gapNanos = 1_000_000_000L / Integer.parseInt(args[4]);
        List<byte[]> stock = parcels(stockMb);
        List<List<byte[]>> floor = new ArrayList<>();
        long waves = 0;
        long due = System.nanoTime();
        while (System.currentTimeMillis() < end) {
            due += gapNanos;
            LockSupport.parkNanos(due - System.nanoTime()); // returns at once when the depot is behind its pace
            floor.add(parcels(waveMb));
            if (floor.size() > floorWaves) {
                floor.remove(0); // the oldest wave ships
            }
            waves++;
        }
        System.out.println("DEPOT waves " + waves + " stock " + stock.size() + " floor " + floor.size());
    }

    private static List<byte[]> parcels(int mb) {
        int n = mb * (1024 * 1024 / PARCEL);
        List<byte[]> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] p = new byte[PARCEL];
            p[i % PARCEL] = (byte) i;
            l.add(p);
        }
        return l;
    }
}
