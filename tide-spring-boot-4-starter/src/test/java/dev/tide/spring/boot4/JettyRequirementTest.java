package dev.tide.spring.boot4;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JettyRequirementTest {
    @Test
    void jetty121AndNewerAreEnough() {
        assertThatCode(() -> JettyRequirement.check("12.1.14")).doesNotThrowAnyException();
        assertThatCode(() -> JettyRequirement.check("12.2.0.beta1")).doesNotThrowAnyException();
        assertThatCode(() -> JettyRequirement.check("13.0.1")).doesNotThrowAnyException();
    }

    @Test
    void jetty120OrAnUnreadableVersionIsRefusedSayingWhatToDo() {
        assertThatThrownBy(() -> JettyRequirement.check("12.0.36"))
                .hasMessage(
                        "Tide's embedded HTTP server needs Jetty 12.1 or newer; this application has Jetty 12.0.36: "
                                + "align Jetty to 12.1 (Spring Boot 4 manages it) or set tide.server.enabled=false (the engine "
                                + "and workers run without it)");
        assertThatThrownBy(() -> JettyRequirement.check("unknown")).hasMessageContaining("has Jetty unknown");
    }
}
