package org.acme.catalog;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * A Spring Boot catalog service for brink-jfr's Spring Boot recording (brink-jfr/src/test/resources/recordings/
 * regenerate-spring.sh): a search endpoint whose cost is iterating and filtering a list of products in the
 * application's own code, reached through Spring WebFlux's reflective handler invocation — the shape on which "42 %
 * of CPU samples in reflection (java.util.ArrayList$Itr.next)" was read on Spring PetClinic. Not one of Brink's
 * samples, not started by any test: only the recording it wrote is.
 */
@SpringBootApplication
public class CatalogApplication implements ApplicationListener<WebServerInitializedEvent> {
    public static void main(String[] args) {
        SpringApplication.run(CatalogApplication.class, args);
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        System.out.println("catalog ready on " + event.getWebServer().getPort());
        System.out.flush();
    }
}
