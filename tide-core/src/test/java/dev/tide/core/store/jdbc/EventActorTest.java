package dev.tide.core.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The actor column's value, read from an event's detail. */
class EventActorTest {

    @Test
    void theActorIsTheDetailsTopLevelActorText() {
        assertThat(EventActor.of("{\"actor\":\"ops:ada\",\"reason\":\"x\"}")).isEqualTo("ops:ada");
        assertThat(EventActor.of(
                        "{\"profile\":{\"actor\":\"no\"},\"n\":[1,{\"actor\":\"no\"}],\"actor\":\"admin (cli:bo)\"}"))
                .isEqualTo("admin (cli:bo)");
    }

    @Test
    void noActorWhenTheDetailNamesNoneOrIsNoObject() {
        assertThat(EventActor.of(null)).isNull();
        assertThat(EventActor.of("{}")).isNull();
        assertThat(EventActor.of("{\"actor\":null}")).isNull();
        assertThat(EventActor.of("{\"actor\":7}")).isNull();
        assertThat(EventActor.of("{\"message\":\"the \\\"actor\\\" said\"}")).isNull();
        assertThat(EventActor.of("[\"actor\"]")).isNull();
        assertThat(EventActor.of("{\"actor\":")).isNull();
    }
}
