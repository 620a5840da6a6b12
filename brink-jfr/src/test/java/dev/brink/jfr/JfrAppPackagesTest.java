package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.AppPackages;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The application class behind a Spring Boot launcher started by name, from what a recording keeps of the JVM. */
class JfrAppPackagesTest {
    @TempDir
    Path tmp;

    @Test
    void launchersAreSpringBootsOnly() {
        assertThat(JfrAppPackages.launcher("org.springframework.boot.loader.launch.JarLauncher")).isTrue();
        assertThat(JfrAppPackages.launcher("org.springframework.boot.loader.JarLauncher")).isTrue();
        assertThat(JfrAppPackages.launcher("org.springframework.boot.loader.launch.PropertiesLauncher")).isTrue();
        assertThat(JfrAppPackages.launcher("org.springframework.boot.loader.WarLauncher")).isTrue();
        assertThat(JfrAppPackages.launcher("org.acme.orders.OrdersApplication")).isFalse();
        assertThat(JfrAppPackages.launcher("org.springframework.boot.devtools.RemoteSpringApplication")).isFalse();
    }

    /** Boot's layered images run the launcher from the extracted jar: the class path is ".", the manifest beside it. */
    @Test
    void extractedJar_startClassFromItsManifest_loaderMainFirst() throws Exception {
        Files.createDirectories(tmp.resolve("app/META-INF"));
        Files.writeString(tmp.resolve("app/META-INF/MANIFEST.MF"), "Manifest-Version: 1.0\n"
                + "Main-Class: org.springframework.boot.loader.launch.JarLauncher\nStart-Class: com.acme.tolls.TollApplication\n");
        assertThat(JfrAppPackages.fromLauncher(null, "app", tmp).packages()).containsExactly("com.acme.tolls");
        assertThat(JfrAppPackages.fromLauncher(null, "missing.jar:app", tmp).packages()).containsExactly("com.acme.tolls");
        // PropertiesLauncher's loader.main overrides the manifest, as it does when Boot starts
        assertThat(JfrAppPackages.fromLauncher("net.example.gate.GateMain", "app", tmp).packages()).containsExactly("net.example.gate");
        assertThat(JfrAppPackages.fromLauncher(null, "missing.jar", tmp)).isSameAs(AppPackages.UNKNOWN);
        assertThat(JfrAppPackages.fromLauncher(null, null, tmp)).isSameAs(AppPackages.UNKNOWN);
    }

    @Test
    void frameFamily_isThePackageCutToThreeNames() {
        assertThat(InferredPackages.family("com.acme.orders.web.OrderController.list")).isEqualTo("com.acme.orders");
        assertThat(InferredPackages.family("com.acme.orders.Cart.total")).isEqualTo("com.acme.orders");
        assertThat(InferredPackages.family("acme.Cart$Line.total")).isEqualTo("acme");
        assertThat(InferredPackages.family("Main.main")).isNull();
    }
}
