package dev.brink.sample;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Writes the request log on the BookThread that served the request. Normally through a buffered file
 * appender. With {@code logging.contention.enabled} through a synchronous file appender that flushes
 * every line (log4j2-spring.xml): every BookThread then serialises on the appender's stream manager
 * monitor, the lock field report 000 found in jcmd Thread.print.
 */
@Component
public class RequestLog {
    private static final Logger BUFFERED = LogManager.getLogger("book.requests.buffered");
    private static final Logger SYNC = LogManager.getLogger("book.requests.sync");

    private final Logger out;
    private final LogMasker masker;

    public RequestLog(@Value("${logging.contention.enabled:false}") boolean contention,
                      @Value("${masking.enabled:false}") boolean masking) {
        this.out = contention ? SYNC : BUFFERED;
        this.masker = masking ? new LogMasker() : null;
    }

    public void log(String method, String path, int status, Object payload) {
        if (!out.isInfoEnabled()) {
            return;
        }
        String line = method + " " + path + " " + status + " thread=" + Thread.currentThread().getName()
                + " payload=" + payload;
        out.info(masker == null ? line : masker.mask(line));
    }
}
