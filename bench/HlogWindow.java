import java.io.File;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Corrected and uncorrected p99/max of a Brink run's latency.hlog over a window of the run (seconds from the
 * log's start), e.g. the seconds after the generator's JIT warm-up. Run with Brink's jar on the class path:
 * {@code java -cp brink.jar bench/HlogWindow.java RUN/latency.hlog FROM_S TO_S}.
 */
public class HlogWindow {
    public static void main(String[] a) throws Exception {
        double from = Double.parseDouble(a[1]);
        double to = Double.parseDouble(a[2]);
        Histogram corrected = new Histogram(3);
        Histogram uncorrected = new Histogram(3);
        HistogramLogReader r = new HistogramLogReader(new File(a[0]));
        EncodableHistogram h;
        while ((h = r.nextIntervalHistogram(from, to)) != null) {
            if ("corrected".equals(h.getTag())) corrected.add((Histogram) h);
            if ("uncorrected".equals(h.getTag())) uncorrected.add((Histogram) h);
        }
        System.out.printf("%d calls; corrected p99 %.1f ms, max %.1f ms; uncorrected p99 %.1f ms, max %.1f ms%n",
                corrected.getTotalCount(), corrected.getValueAtPercentile(99) / 1000.0, corrected.getMaxValue() / 1000.0,
                uncorrected.getValueAtPercentile(99) / 1000.0, uncorrected.getMaxValue() / 1000.0);
    }
}
