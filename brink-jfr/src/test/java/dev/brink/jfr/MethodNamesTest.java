package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which class names are the JDK's generated code (recordings show the frames: FareRecordingsTest). */
class MethodNamesTest {
    @Test
    void proxiesAndLambdas_generated_applicationClassesLikeThem_not() {
        assertThat(MethodNames.generatedClass("com.acme.fares.$Proxy27")).isTrue();
        assertThat(MethodNames.generatedClass("$Proxy3")).isTrue(); // an interface in the default package
        assertThat(MethodNames.generatedClass("com.acme.fares.Quotes$$Lambda.0x000000007e045438")).isTrue();
        assertThat(MethodNames.generatedClass("com.acme.fares.Quotes$$Lambda$89+0x00007eff54007c28.1813475653")).isTrue();
        // the application's own classes with similar names
        assertThat(MethodNames.generatedClass("com.acme.fares.$ProxyFactory")).isFalse();
        assertThat(MethodNames.generatedClass("com.acme.fares.$Proxy")).isFalse();
        assertThat(MethodNames.generatedClass("com.acme.fares.FareProxy1")).isFalse();
        assertThat(MethodNames.generatedClass("com.acme.$Proxy1.Rules")).isFalse();
        assertThat(MethodNames.generatedClass("com.acme.fares.Quotes")).isFalse();
    }

    @Test
    void lambda_namedWithoutTheJvmsPerRunAddress() {
        assertThat(MethodNames.lambda("com.acme.Quotes$$Lambda$89+0x00007eff54007c28.1813475653.apply")).isEqualTo("com.acme.Quotes$$Lambda.apply");
        assertThat(MethodNames.lambda("com.acme.Quotes$$Lambda.0x000000007e045438.apply")).isEqualTo("com.acme.Quotes$$Lambda.apply");
        assertThat(MethodNames.lambda("com.acme.Quotes.lambda$price$0")).isEqualTo("com.acme.Quotes.lambda$price$0");
    }
}
