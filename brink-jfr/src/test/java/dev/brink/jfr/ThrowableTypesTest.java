package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which recorded throwables are the JVM's own linking, and which class names are throwables. */
class ThrowableTypesTest {
    private final ThrowableTypes types = new ThrowableTypes();

    /** Throwing frames as JDK 17 and 25 record them (the first frame below the error's constructors). */
    @Test
    void linkageErrorsThrownInTheJdksLinkingCode_areTheJvms() {
        assertThat(types.jvmLinking("java.lang.NoSuchMethodError", "java.lang.invoke.MethodHandleNatives.resolve")).isTrue();
        assertThat(types.jvmLinking("java.lang.NoSuchFieldError", "java.lang.invoke.MethodHandleNatives.resolve")).isTrue();
        assertThat(types.jvmLinking("java.lang.IllegalAccessError", "java.lang.invoke.MethodHandleNatives.resolve")).isTrue();
        // the application's own missing class or method: its frame is the throwing frame
        assertThat(types.jvmLinking("java.lang.NoClassDefFoundError", "com.acme.orders.Cart.total")).isFalse();
        assertThat(types.jvmLinking("java.lang.NoSuchMethodError", "org.hibernate.internal.SessionImpl.find")).isFalse();
        // a failed lookup reaches the application as a ReflectiveOperationException: not a LinkageError, its own
        assertThat(types.jvmLinking("java.lang.NoSuchMethodException", "java.lang.invoke.MemberName.makeAccessException")).isFalse();
        assertThat(types.jvmLinking("java.lang.NumberFormatException", "java.lang.NumberFormatException.forInputString")).isFalse();
        assertThat(types.jvmLinking("com.acme.LinkageError", "java.lang.invoke.MethodHandleNatives.resolve")).isFalse();
    }

    @Test
    void throwables_theJdksByTheirClass_theApplicationsOnceSeenConstructed() {
        assertThat(types.throwable("java.lang.NumberFormatException")).isTrue();
        assertThat(types.throwable("java.util.concurrent.CompletionException")).isTrue();
        assertThat(types.throwable("java.lang.String")).isFalse();
        assertThat(types.throwable("[B")).isFalse();
        assertThat(types.throwable("com.acme.tolls.BadPlateException")).isFalse();
        types.constructed("com.acme.tolls.BadPlateException");
        assertThat(types.throwable("com.acme.tolls.BadPlateException")).isTrue();
        assertThat(types.jdkOrArray("com.acme.tolls.Plate")).isFalse();
        assertThat(types.jdkOrArray("java.util.HashMap$Node")).isTrue();
        assertThat(types.jdkOrArray("[Lcom.acme.tolls.Plate;")).isTrue();
    }
}
