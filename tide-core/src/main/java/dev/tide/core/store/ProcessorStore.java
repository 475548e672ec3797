package dev.tide.core.store;

import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.ProcessorRun;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Processors: their definitions and the runs each node reports.
 */
public interface ProcessorStore {

    /** Creates or replaces a processor's definition (a new one stopped), and logs it; returns it with its runs. */
    ProcessorInfo processorDefine(ProcessorDefinition definition, Instant now);

    /** Every processor with the runs its nodes reported, by name. */
    List<ProcessorInfo> processorList();

    Optional<ProcessorInfo> processorGet(String name);

    /** Starts or stops a processor, and logs it; empty when there is none by that name. */
    Optional<ProcessorInfo> processorStart(String name, boolean started, Instant now);

    /** Removes a processor and its runs, and logs it; false when there was none by that name. */
    boolean processorDelete(String name, Instant now);

    /**
     * Replaces what {@code node} reports about processors: these runs by processor name (seen {@code now}), and none
     * about any other processor. An empty map forgets the node.
     */
    void processorRunSave(String node, Map<String, ProcessorRun> runs, Instant now);
}
