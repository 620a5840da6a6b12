package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppPackagesTest {
    @TempDir
    Path tmp;

    @Test
    void mainClass_givesItsPackage_launchersGiveNone() {
        AppPackages pc = AppPackages.fromMainClass("org.acme.petstore.StoreApplication");
        assertThat(pc.packages()).containsExactly("org.acme.petstore");
        assertThat(pc.isApplication("org.acme.petstore.web.CartController.add")).isTrue();
        // not declared: code outside the known libraries is still the application's
        assertThat(pc.isApplication("net.example.tools.Helper.run")).isTrue();
        assertThat(pc.isApplication("org.hibernate.Session.find")).isFalse();
        assertThat(AppPackages.fromMainClass("org.springframework.boot.loader.launch.JarLauncher")).isSameAs(AppPackages.UNKNOWN);
        assertThat(AppPackages.fromMainClass("jdk.jfr.internal.Main")).isSameAs(AppPackages.UNKNOWN);
        assertThat(AppPackages.fromMainClass("Main")).isSameAs(AppPackages.UNKNOWN);
    }

    /** An application under a library's prefix is the application's once its main class says so. */
    @Test
    void applicationInsideALibrarysNamespace() {
        String frame = "com.google.ads.bidder.Auction.run";
        assertThat(AppPackages.UNKNOWN.isApplication(frame)).isFalse();
        assertThat(AppPackages.fromMainClass("com.google.ads.bidder.BidderMain").isApplication(frame)).isTrue();
    }

    @Test
    void declared_onlyThoseAreTheApplication_badNamesRefused() throws Exception {
        AppPackages d = AppPackages.declared(List.of("com.acme.shop", "com.acme.billing."));
        assertThat(d.packages()).containsExactly("com.acme.shop", "com.acme.billing");
        assertThat(d.isApplication("com.acme.shop.Cart.total")).isTrue();
        assertThat(d.isApplication("net.example.tools.Helper.run")).isFalse(); // an unlisted library, not the application
        assertThat(d.source()).isEqualTo("declared");
        assertThatThrownBy(() -> AppPackages.declared(List.of("com acme"))).isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("expected a Java package name");
        for (String bad : List.of("", ".", "a..b", "1a", "a.1b", "a-b", "é.x", "a.")) {
            assertThat(AppPackages.isPackageName(bad)).as(bad).isFalse();
        }
        for (String good : List.of("a", "$x.y_1", "com.acme.shop", "A1.b2")) {
            assertThat(AppPackages.isPackageName(good)).as(good).isTrue();
        }
        // 100 000 identifiers: the regular expression it replaces overflowed the stack on far fewer
        assertThat(AppPackages.isPackageName("a.".repeat(100_000) + "z")).isTrue();
    }

    /** A Spring Boot fat jar starts JarLauncher; the application's class is the manifest's Start-Class. */
    @Test
    void jarCommand_readsStartClassFromTheManifest() throws Exception {
        Path jar = tmp.resolve("orders.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.springframework.boot.loader.launch.JarLauncher");
        m.getMainAttributes().putValue("Start-Class", "com.acme.orders.OrdersApplication");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        AppPackages a = AppPackages.fromCommand("orders.jar --server.port=0", tmp);
        assertThat(a.packages()).containsExactly("com.acme.orders");
        assertThat(a.source()).contains("com.acme.orders.OrdersApplication").contains("orders.jar");
        assertThat(AppPackages.fromCommand("missing.jar", tmp)).isSameAs(AppPackages.UNKNOWN);
        assertThat(AppPackages.fromCommand("com.acme.tools.Cli --verbose", null).packages()).containsExactly("com.acme.tools");
    }
}
