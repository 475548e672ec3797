package dev.tide.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.TaskHandler;
import org.junit.jupiter.api.Test;

/** HandlerRegistry beans: a library's handlers join the application's, under the same one-handler-per-type rule. */
class TideHandlerCollectorTest {
    private static final TaskHandler NOTHING = context -> {};

    @Test
    void aRegistryBeansHandlersServeTheDefaultQueueBesideTheApplicationsOwn() {
        TideHandlerCollector collector = new TideHandlerCollector();
        TaskHandler message = context -> context.result("sent");
        collector.postProcessAfterInitialization(
                HandlerRegistry.builder()
                        .handler("message", message)
                        .handler("report", NOTHING)
                        .build(),
                "mailerHandlers");
        collector.postProcessAfterInitialization(NOTHING, "count");

        HandlerRegistry defaultQueue = collector.byQueue().get("default");

        assertThat(collector.byQueue()).containsOnlyKeys("default");
        assertThat(defaultQueue.types()).containsExactlyInAnyOrder("message", "report", "count");
        assertThat(defaultQueue.handler("message")).isSameAs(message);
    }

    @Test
    void aTypeThatARegistryAndABeanBothHandleStopsTheApplicationNamingBoth() {
        TideHandlerCollector collector = new TideHandlerCollector();
        collector.postProcessAfterInitialization(HandlerRegistry.of("message", NOTHING), "mailerHandlers");

        assertThatThrownBy(() -> collector.postProcessAfterInitialization(NOTHING, "message"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HandlerRegistry bean mailerHandlers")
                .hasMessageContaining("bean message");
    }

    @Test
    void aRegistryWithAHandlerForAnyTypeIsRefusedSinceAPoolMustKnowWhatToClaim() {
        TideHandlerCollector collector = new TideHandlerCollector();
        HandlerRegistry anyType = HandlerRegistry.builder().anyType(NOTHING).build();

        assertThatThrownBy(() -> collector.postProcessAfterInitialization(anyType, "commands"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HandlerRegistry bean commands has a handler for any task type");
    }
}
