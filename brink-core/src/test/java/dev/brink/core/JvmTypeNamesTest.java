package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The names each JVM tool prints, as Brink shows them. */
class JvmTypeNamesTest {
    @Test
    void hprofNamesAreInternalFormWithDescriptorsForArrays() {
        assertThat(JvmTypeNames.javaName("java/util/HashMap$Node")).isEqualTo("java.util.HashMap$Node");
        assertThat(JvmTypeNames.javaName("[Ljava/lang/Object;")).isEqualTo("java.lang.Object[]");
        assertThat(JvmTypeNames.javaName("[[B")).isEqualTo("byte[][]");
        assertThat(JvmTypeNames.javaName("[J")).isEqualTo("long[]");
    }

    @Test
    void jfrAndJcmdNamesAreDottedAndKeepAHiddenClassesSlash() {
        assertThat(JvmTypeNames.ofDotted("[B")).isEqualTo("byte[]");
        assertThat(JvmTypeNames.ofDotted("[Ljava.lang.String;")).isEqualTo("java.lang.String[]");
        assertThat(JvmTypeNames.ofDotted("[[Z")).isEqualTo("boolean[][]");
        assertThat(JvmTypeNames.ofDotted("java.lang.String")).isEqualTo("java.lang.String");
        assertThat(JvmTypeNames.ofDotted("app.Main$$Lambda/0x0000000800c0b000")).isEqualTo("app.Main$$Lambda/0x0000000800c0b000");
    }
}
