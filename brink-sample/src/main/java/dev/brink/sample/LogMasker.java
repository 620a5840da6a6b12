package dev.brink.sample;

import java.text.SimpleDateFormat;
import java.util.Date;

/**
 * The "masking" defect of field report 001: every log line is run through several regular expressions
 * compiled anew on each call (String.replaceAll) and stamped with a new SimpleDateFormat. Correct, and a
 * CPU sink under load: the busy BookThreads sit in java.util.regex and java.text frames.
 */
final class LogMasker {
    String mask(String line) {
        String masked = line
                .replaceAll("\\b(\\d{4})\\d{8}(\\d{4})\\b", "$1********$2")                 // card numbers
                .replaceAll("([A-Za-z0-9._%+-]+)@([A-Za-z0-9.-]+\\.[A-Za-z]{2,})", "***@$2")   // e-mail addresses
                .replaceAll("(?i)(password|secret|token)=[^&\\s]+", "$1=***")                // credentials
                .replaceAll("\\b\\+?\\d{1,3}[ -]?\\(?\\d{3}\\)?[ -]?\\d{3}[ -]?\\d{4}\\b", "***-***-****") // phones
                .replaceAll("(?i)\"title\":\"([^\"]{0,3})[^\"]*\"", "\"title\":\"$1…\"");     // titles, shortened
        String stamp = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ").format(new Date());
        return stamp + " " + masked;
    }
}
