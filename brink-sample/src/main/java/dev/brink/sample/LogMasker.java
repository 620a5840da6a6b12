package dev.brink.sample;

import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.StringJoiner;

/**
 * The "masking" defect of field report 001: a log-masking plug-in that runs every rule over every field of every
 * log line with String.replaceAll (each call compiles its pattern anew), and stamps each line with a new
 * SimpleDateFormat whose output it parses back to check it (the report's busy threads sat in
 * SimpleDateFormat.parse and in Matcher.find). Correct, and a CPU sink under load: a dozen rules over a dozen
 * fields are some hundred pattern compilations a line, about as much CPU as the request itself, so the busy
 * BookThreads sit in java.util.regex and java.text frames at any rate.
 */
final class LogMasker {
    /** Regex and replacement: what a PII-masking plug-in typically hides. */
    private static final String[][] RULES = {
        {"\\b(\\d{4})\\d{8}(\\d{4})\\b", "$1********$2"},                                  // card numbers
        {"\\b(\\d{6})\\d{8}(\\d{3}[0-9Xx])\\b", "$1********$2"},                             // national id numbers
        {"([A-Za-z0-9._%+-]+)@([A-Za-z0-9.-]+\\.[A-Za-z]{2,})", "***@$2"},                  // e-mail addresses
        {"(?i)(password|passwd|secret|token|api[_-]?key)=[^&\\s]+", "$1=***"},            // credentials
        {"\\b\\+?\\d{1,3}[ -]?\\(?\\d{3}\\)?[ -]?\\d{3}[ -]?\\d{4}\\b", "***-***-****"},       // phone numbers
        {"\\b[A-Z]{2}\\d{2}[A-Z0-9]{11,30}\\b", "IBAN***"},                                   // bank accounts
        {"\\b(\\d{1,3})\\.\\d{1,3}\\.\\d{1,3}\\.(\\d{1,3})\\b", "$1.*.*.$2"},                // IPv4 addresses
        {"(?i)(author|name|holder)=([^,\\]\\s]{0,1})[^,\\]\\s]*", "$1=$2***"},             // personal names
        {"(?i)(title)=([^,\\]]{0,3})[^,\\]]*", "$1=$2…"},                                  // titles, shortened
        {"(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=-]+", "$1 ***"},                        // authorization values
        {"(?i)(signature)=([A-Za-z0-9+/=]{0,4})[A-Za-z0-9+/=]*", "$1=$2…"},                // signatures
        {"\\b(19|20)\\d{2}-\\d{2}-\\d{2}\\b", "****-**-**"},                                 // birth dates
    };
    private static final String STAMP = "yyyy-MM-dd'T'HH:mm:ss.SSSZ";

    String mask(String line) {
        StringJoiner out = new StringJoiner(" ");
        for (String field : line.split(" ")) {
            String masked = field;
            for (String[] rule : RULES) {
                masked = masked.replaceAll(rule[0], rule[1]);
            }
            out.add(masked);
        }
        return stamp() + " " + out;
    }

    private static String stamp() {
        SimpleDateFormat format = new SimpleDateFormat(STAMP);
        String stamp = format.format(new Date());
        try {
            format.parse(stamp); // the plug-in checks its own stamp, as the report's did with every line's date
        } catch (ParseException e) {
            throw new IllegalStateException("unparseable log stamp " + stamp, e);
        }
        return stamp;
    }
}
