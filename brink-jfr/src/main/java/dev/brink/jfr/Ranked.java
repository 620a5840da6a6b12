package dev.brink.jfr;

/**
 * One row of a ranked table in a {@link JfrReport}. What {@code weight} measures is said by the table holding
 * the row (samples, bytes, milliseconds): see the field names there.
 *
 * @param key    what is ranked: a method, a class, a site ("class.method"), an address
 * @param count  events behind the row
 * @param weight the summed weight of those events, in the table's unit
 * @param max    the largest single event's weight (the longest wait, the biggest sample)
 * @param share  weight / the table's total weight, 0..1
 * @param top    the most frequent second key (owner thread, application frame), or the allocated class with the most bytes, or null
 */
public record Ranked(String key, long count, double weight, double max, double share, String top) {
}
