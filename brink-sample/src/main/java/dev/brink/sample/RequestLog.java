package dev.brink.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.OutputStreamAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Writes the request log on the BookThread that served the request. Normally through a buffered file
 * appender (log4j2-spring.xml). With {@code logging.contention.enabled} through a synchronous
 * OutputStreamAppender with immediate flush to a durable file: Log4j2 writes and flushes each line
 * while holding its OutputStreamManager's monitor, so the BookThreads queue on that one lock — what
 * field report 000 found with jcmd Thread.print.
 */
@Component
public class RequestLog {
    private static final Logger BUFFERED = LogManager.getLogger("book.requests.buffered");
    private static final String SYNC_NAME = "book.requests.sync";

    private final Logger out;
    private final LogMasker masker;

    public RequestLog(@Value("${logging.contention.enabled:false}") boolean contention,
                      @Value("${logging.contention.flush-latency-us:1000}") long flushMicros,
                      @Value("${masking.enabled:false}") boolean masking) {
        this.out = contention ? synchronousLogger(flushMicros) : BUFFERED;
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

    /** Attaches the synchronous appender to the "book.requests.sync" logger declared in log4j2-spring.xml. */
    private static Logger synchronousLogger(long flushMicros) {
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        Configuration config = ctx.getConfiguration();
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "brink-sample-" + ProcessHandle.current().pid(), "requests-sync.log");
        DurableRequestLogStream stream;
        try {
            stream = new DurableRequestLogStream(file, flushMicros);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the request log " + file, e);
        }
        OutputStreamAppender appender = OutputStreamAppender.newBuilder()
                .setName("RequestsSync")
                .setTarget(stream)
                .setImmediateFlush(true)
                .setBufferedIo(false)
                .setLayout(PatternLayout.newBuilder().withPattern("%d %msg%n").withConfiguration(config).build())
                .setConfiguration(config)
                .build();
        appender.start();
        config.addAppender(appender);
        config.getLoggerConfig(SYNC_NAME).addAppender(appender, Level.INFO, null);
        ctx.updateLoggers();
        return LogManager.getLogger(SYNC_NAME);
    }
}
