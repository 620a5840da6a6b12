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
    void generatedClasses_namedWithoutTheJvmsPerRunAddress() {
        assertThat(MethodNames.withoutRunAddress("com.acme.Quotes$$Lambda$89+0x00007eff54007c28.1813475653.apply")).isEqualTo("com.acme.Quotes$$Lambda.apply");
        assertThat(MethodNames.withoutRunAddress("com.acme.Quotes$$Lambda.0x000000007e045438.apply")).isEqualTo("com.acme.Quotes$$Lambda.apply");
        assertThat(MethodNames.withoutRunAddress("com.acme.Quotes.lambda$price$0")).isEqualTo("com.acme.Quotes.lambda$price$0");
        // the JDK's method-handle forms are hidden classes too (JDK 25's recording, JDK 17's name)
        assertThat(MethodNames.withoutRunAddress("java.lang.invoke.LambdaForm$DMH.0x0000000023047400.invokeStatic"))
                .isEqualTo("java.lang.invoke.LambdaForm$DMH.invokeStatic");
        assertThat(MethodNames.withoutRunAddress("java.lang.invoke.LambdaForm$MH+0x0000000800c0c400.invoke"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH.invoke");
        assertThat(MethodNames.withoutRunAddress("java.lang.invoke.LambdaForm$MH+0x0000000800c0c400.1234.invoke"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH.invoke");
        // an address-like word that is not a hidden class's suffix stays
        assertThat(MethodNames.withoutRunAddress("com.acme.Hex.parse0x")).isEqualTo("com.acme.Hex.parse0x");
        assertThat(MethodNames.withoutRunAddress("com.acme.Codec.decode")).isEqualTo("com.acme.Codec.decode");
    }
}
