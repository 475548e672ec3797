package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import dev.tide.core.store.ProcessorStore;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Processors in the store: their definitions, started or not, and the runs each node reports. */
public abstract class StoreProcessorsContract extends StoreContract {
    private ProcessorStore processors;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        processors = store;
    }

    private static ProcessorRun running(String node, long claimed) {
        return new ProcessorRun(
                node, ProcessorRun.State.RUNNING, 2, List.of(), claimed, null, null, null, null, List.of(), null);
    }

    @Test
    void aNewProcessorIsStoppedAndReadsBackAsDefined() {
        ProcessorDefinition mail = ProcessorDefinition.named("mailer")
                .withQueue("mail")
                .withTypes(Set.of("send"))
                .withThreads(4);

        ProcessorInfo defined = processors.processorDefine(mail, T0);

        assertThat(defined.started()).isFalse();
        assertThat(defined.processor()).isEqualTo(mail);
        assertThat(processors.processorGet("mailer")).hasValueSatisfying(p -> {
            assertThat(p.processor()).isEqualTo(mail);
            assertThat(p.updatedAt()).isEqualTo(T0);
        });
        assertThat(processors.processorGet("none")).isEmpty();
    }

    @Test
    void processorsAreListedByName() {
        processors.processorDefine(ProcessorDefinition.named("b"), T0);
        processors.processorDefine(ProcessorDefinition.named("a"), T0);

        assertThat(processors.processorList())
                .extracting(p -> p.processor().name())
                .containsExactly("a", "b");
    }

    @Test
    void startingAndStoppingChangesOnlyThatFlag() {
        ProcessorDefinition def = ProcessorDefinition.named("mailer").withThreads(3);
        processors.processorDefine(def, T0);

        assertThat(processors.processorStart("mailer", true, T0.plusSeconds(1))).hasValueSatisfying(p -> {
            assertThat(p.started()).isTrue();
            assertThat(p.processor()).isEqualTo(def);
        });
        assertThat(processors
                        .processorStart("mailer", false, T0.plusSeconds(2))
                        .orElseThrow()
                        .started())
                .isFalse();
        assertThat(processors.processorStart("none", true, T0)).isEmpty();
    }

    @Test
    void eachNodesReportReplacesItsOwnRunsOnly() {
        processors.processorDefine(ProcessorDefinition.named("mailer"), T0);

        processors.processorRunSave("a", Map.of("mailer", running("a", 5)), T0);
        processors.processorRunSave("b", Map.of("mailer", running("b", 7)), T0);
        processors.processorRunSave("a", Map.of("mailer", running("a", 9)), T0.plusSeconds(1));

        List<ProcessorRun> runs =
                processors.processorGet("mailer").orElseThrow().runs();
        assertThat(runs)
                .extracting(ProcessorRun::node, ProcessorRun::claimed)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("a", 9L), org.assertj.core.groups.Tuple.tuple("b", 7L));

        processors.processorRunSave("a", Map.of(), T0.plusSeconds(2));
        assertThat(processors.processorGet("mailer").orElseThrow().runs())
                .extracting(ProcessorRun::node)
                .containsExactly("b");
    }

    @Test
    void aDeletedProcessorTakesItsRunsWithIt() {
        processors.processorDefine(ProcessorDefinition.named("mailer"), T0);
        processors.processorRunSave("a", Map.of("mailer", running("a", 1)), T0);

        assertThat(processors.processorDelete("mailer", T0)).isTrue();
        assertThat(processors.processorDelete("mailer", T0)).isFalse();

        assertThat(processors.processorList()).isEmpty();
        processors.processorDefine(ProcessorDefinition.named("mailer"), T0.plusSeconds(1));
        assertThat(processors.processorGet("mailer").orElseThrow().runs()).isEmpty();
    }
}
