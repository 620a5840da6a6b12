# Brink's container image: the brink command on a Java 17 runtime, as a non-root user.
# Build the jar first, then the image, from the repository root:
#   ./mvnw -B -pl brink-cli -am package -DskipTests
#   docker build -t brink:0.1.0 .
# Then: docker run --rm brink:0.1.0 http http://host:port/ --rate 100 --duration 10s
FROM eclipse-temurin:17-jre

# A fixed uid (10001, the one `brink k8s` pods run as) with its own group; group 0 may write too, as OpenShift's
# random uids are in it.
RUN groupadd --system --gid 10001 brink \
 && useradd --system --uid 10001 --gid 10001 --groups 0 --home-dir /home/brink --create-home --shell /usr/sbin/nologin brink \
 && mkdir -p /opt/brink /results \
 && chown brink:0 /results && chmod 0775 /results \
 && printf '#!/bin/sh\n# the container is the generator: let the heap use most of its memory limit\nexec java -XX:MaxRAMPercentage=75 $JAVA_OPTS -jar /opt/brink/brink.jar "$@"\n' > /usr/local/bin/brink \
 && chmod 0755 /usr/local/bin/brink

COPY brink-cli/target/brink.jar /opt/brink/brink.jar

USER 10001:10001
WORKDIR /home/brink
ENTRYPOINT ["brink"]
CMD ["--help"]
