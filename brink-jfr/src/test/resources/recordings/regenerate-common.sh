# Sourced by the regenerate-*.sh scripts of this directory that run brink-jfr's test programs: strict mode, this
# directory as the working one, the two JDKs the committed recordings were written with (JDK17, JDK25 override
# them) and the module's compiled test classes (`../mvnw -o -q -pl brink-jfr test-compile` first).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[1]}")"
J17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
CP=../../../../target/test-classes
