package dev.brink.jfr.programs;

/** The meter feed's own exception: a reading that is not a number of watt-hours. An application class, not the JDK's. */
final class GarbledReadingException extends Exception {
    GarbledReadingException(String reading) {
        super("garbled reading: " + reading);
    }
}
