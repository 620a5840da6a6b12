package dev.brink.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * The book service: the target of Brink's demo and integration tests. A small but realistic WebFlux
 * service whose blocking work runs on a bounded worker pool, with defects that can be switched on one by
 * one (see application.properties) to reproduce the field reports.
 */
@SpringBootApplication
public class BookApplication implements ApplicationListener<WebServerInitializedEvent> {

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--service=grpc")) {
            // the gRPC sample shares the jar but not Spring: one main keeps one launcher for both services
            dev.brink.sample.grpc.OrderServer.main(args);
            return;
        }
        SpringApplication.run(BookApplication.class, args);
    }

    /** Tools and tests wait for this exact line to know the port and the PID to watch. */
    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        System.out.println("Book service ready on http://127.0.0.1:" + event.getWebServer().getPort()
                + " (pid " + ProcessHandle.current().pid() + ")");
        System.out.flush();
    }
}
