package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The classifier on real frames: method names as they appear in stacks of Spring (MVC, AOP, Data JPA, JDBC), Hibernate
 * 6, Jackson, Netty (and grpc's shaded copy), Tomcat, H2, HikariCP and PostgreSQL's driver, and the JDK; and the family
 * a whole stack's cost belongs to, for the stacks where a single frame misleads.
 */
class LibraryClassifierTest {
    record Frame(String name, boolean library, LibraryFamily family) {
    }

    static final List<Frame> FRAMES = List.of(
            // Spring: plumbing is library code of no family; its ORM and JDBC modules are those families
            new Frame("org.springframework.web.servlet.DispatcherServlet.doDispatch", true, LibraryFamily.NONE),
            new Frame("org.springframework.web.method.support.InvocableHandlerMethod.doInvoke", true, LibraryFamily.NONE),
            new Frame("org.springframework.aop.framework.CglibAopProxy$DynamicAdvisedInterceptor.intercept", true, LibraryFamily.NONE),
            new Frame("org.springframework.transaction.interceptor.TransactionInterceptor.invoke", true, LibraryFamily.NONE),
            new Frame("org.springframework.data.jpa.repository.support.SimpleJpaRepository.findAll", true, LibraryFamily.ORM),
            new Frame("org.springframework.orm.jpa.SharedEntityManagerCreator$SharedEntityManagerInvocationHandler.invoke", true, LibraryFamily.ORM),
            new Frame("org.springframework.jdbc.core.JdbcTemplate.query", true, LibraryFamily.DATABASE),
            // Spring's own sample applications live under its prefix and are applications
            new Frame("org.springframework.samples.petclinic.owner.OwnerController.processFindForm", false, LibraryFamily.NONE),
            // Hibernate 6 and JPA
            new Frame("org.hibernate.sql.results.internal.RowProcessingStateStandardImpl.next", true, LibraryFamily.ORM),
            new Frame("org.hibernate.engine.internal.StatefulPersistenceContext.getEntity", true, LibraryFamily.ORM),
            new Frame("org.hibernate.query.sqm.internal.ConcreteSqmSelectQueryPlan.performList", true, LibraryFamily.ORM),
            new Frame("jakarta.persistence.criteria.CriteriaBuilder.equal", true, LibraryFamily.ORM),
            // Jackson
            new Frame("com.fasterxml.jackson.databind.ser.BeanSerializer.serialize", true, LibraryFamily.JSON),
            new Frame("com.fasterxml.jackson.core.json.UTF8JsonGenerator.writeString", true, LibraryFamily.JSON),
            // Netty and grpc-java's shaded Netty
            new Frame("io.netty.channel.nio.NioEventLoop.run", true, LibraryFamily.NONE),
            new Frame("io.netty.handler.codec.http.HttpObjectDecoder.decode", true, LibraryFamily.NONE),
            new Frame("io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoop.run", true, LibraryFamily.NONE),
            // Tomcat (its JDBC pool is database access)
            new Frame("org.apache.catalina.core.ApplicationFilterChain.doFilter", true, LibraryFamily.NONE),
            new Frame("org.apache.coyote.http11.Http11Processor.service", true, LibraryFamily.NONE),
            new Frame("org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun", true, LibraryFamily.NONE),
            new Frame("org.apache.tomcat.jdbc.pool.ConnectionPool.borrowConnection", true, LibraryFamily.DATABASE),
            // H2, HikariCP, PostgreSQL's driver, JDBC itself
            new Frame("org.h2.command.query.Select.queryFlat", true, LibraryFamily.DATABASE),
            new Frame("org.h2.jdbc.JdbcPreparedStatement.executeQuery", true, LibraryFamily.DATABASE),
            new Frame("com.zaxxer.hikari.pool.HikariPool.getConnection", true, LibraryFamily.DATABASE),
            new Frame("org.postgresql.core.v3.QueryExecutorImpl.execute", true, LibraryFamily.DATABASE),
            new Frame("java.sql.DriverManager.getConnection", true, LibraryFamily.DATABASE),
            // the JDK: collections and strings are no family; regex, formatting, crypto, reflection, class loading are
            new Frame("java.util.ArrayList$Itr.next", true, LibraryFamily.NONE),
            new Frame("java.util.HashMap.getNode", true, LibraryFamily.NONE),
            new Frame("java.lang.StringLatin1.charAt", true, LibraryFamily.NONE),
            new Frame("java.lang.invoke.LambdaForm$MH.invoke", true, LibraryFamily.NONE),
            new Frame("java.util.regex.Pattern$Curly.match", true, LibraryFamily.REGEX),
            new Frame("java.text.SimpleDateFormat.format", true, LibraryFamily.FORMATTING),
            new Frame("sun.security.rsa.RSACore.crtCrypt", true, LibraryFamily.CRYPTO),
            new Frame("java.lang.reflect.Method.invoke", true, LibraryFamily.REFLECTION),
            new Frame("jdk.internal.reflect.DirectMethodHandleAccessor.invoke", true, LibraryFamily.REFLECTION),
            new Frame("java.lang.ClassLoader.loadClass", true, LibraryFamily.CLASS_LOADING),
            // JavaLangAccess: defining a class through it is class loading, joining strings through it is not
            new Frame("java.lang.System$2.defineClass", true, LibraryFamily.CLASS_LOADING),
            new Frame("java.lang.System$1.defineClass", true, LibraryFamily.CLASS_LOADING),
            new Frame("java.lang.System$2.join", true, LibraryFamily.NONE),
            new Frame("java.lang.System$1.uncheckedNewStringNoRepl", true, LibraryFamily.NONE),
            new Frame("ch.qos.logback.classic.Logger.info", true, LibraryFamily.LOGGING),
            // an application
            new Frame("com.acme.shop.OrderService.place", false, LibraryFamily.NONE));

    @Test
    void realFrames_libraryAndFamily() {
        for (Frame f : FRAMES) {
            assertThat(LibraryCode.isLibrary(f.name())).as(f.name()).isEqualTo(f.library());
            assertThat(LibraryFamily.of(f.name())).as(f.name()).isEqualTo(f.family());
        }
        assertThat(LibraryFamily.generic("java.util.ArrayList$Itr.next")).isTrue();
        assertThat(LibraryFamily.generic("java.util.regex.Pattern$Curly.match")).isFalse();
        assertThat(LibraryFamily.generic("org.hibernate.engine.internal.StatefulPersistenceContext.getEntity")).isFalse();
    }

    /** The family of a stack (top first) down to its first application frame (null: the stack has none). */
    static LibraryFamily walk(AppPackages app, String... frames) {
        FamilyWalk w = new FamilyWalk();
        for (String f : frames) {
            if (app.isApplication(f)) {
                return w.family(true);
            }
            w.frame(f);
        }
        return w.family(false);
    }

    @Test
    void stacks_costBelongsToTheFamilyEntered_reflectionOnlyWhenItOwnsTheTime() {
        AppPackages none = AppPackages.UNKNOWN;
        // PetClinic: a controller's repository call; the list iterated is Hibernate's, dispatch reflection is below
        String[] petclinic = {"java.util.ArrayList$Itr.next",
            "org.hibernate.sql.results.spi.ListResultsConsumer.consume",
            "org.hibernate.query.sqm.internal.ConcreteSqmSelectQueryPlan.performList",
            "org.springframework.data.jpa.repository.support.SimpleJpaRepository.findAll",
            "org.springframework.aop.framework.ReflectiveMethodInvocation.proceed", "jdk.proxy2.$Proxy131.findAll",
            "org.springframework.samples.petclinic.owner.OwnerController.processFindForm",
            "java.lang.reflect.Method.invoke", "org.springframework.web.method.support.InvocableHandlerMethod.doInvoke"};
        assertThat(walk(none, petclinic)).isEqualTo(LibraryFamily.ORM);
        // a framework that iterates a list after a reflective dispatch, no application frame: not reflection
        assertThat(walk(none, "java.util.ArrayList$Itr.next",
                "org.springframework.core.annotation.TypeMappedAnnotations.stream", "java.lang.reflect.Method.invoke",
                "org.springframework.web.method.support.InvocableHandlerMethod.doInvoke",
                "org.apache.catalina.core.ApplicationFilterChain.doFilter")).isEqualTo(LibraryFamily.NONE);
        // Jackson reflecting on getters: the application asked for JSON
        assertThat(walk(none, "jdk.internal.reflect.DirectMethodHandleAccessor.invoke", "java.lang.reflect.Method.invoke",
                "com.fasterxml.jackson.databind.ser.BeanPropertyWriter.serializeAsField",
                "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString", "com.acme.shop.OrderView.render"))
                .isEqualTo(LibraryFamily.JSON);
        // scanning methods by reflection: the time is in reflection itself
        assertThat(walk(none, "java.lang.Class.getDeclaredMethods0", "java.lang.Class.getDeclaredMethods",
                "com.acme.shop.Plugins.scan")).isEqualTo(LibraryFamily.REFLECTION);
        // masking with a regex whose time is in String's code
        assertThat(walk(none, "java.lang.StringLatin1.charAt", "java.util.regex.Pattern$Slice.match",
                "java.util.regex.Matcher.replaceAll", "java.lang.String.replaceAll", "com.acme.audit.LogMasker.mask"))
                .isEqualTo(LibraryFamily.REGEX);
        // the application's own code
        assertThat(walk(none, "java.util.HashMap.getNode", "com.acme.shop.Cart.total")).isEqualTo(LibraryFamily.NONE);
    }
}
