package dev.tide.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.test.context.TestPropertySource;

/**
 * Puts an application's {@code @SpringBootTest} on Tide's test support: a settable clock, no worker pools, and
 * {@link TideTestSupport} to inject and run ready tasks with. The same as {@code tide.test-support.enabled=true}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@TestPropertySource(properties = "tide.test-support.enabled=true")
public @interface TideTest {}
