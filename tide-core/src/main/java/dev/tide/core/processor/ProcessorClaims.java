package dev.tide.core.processor;

import dev.tide.api.ClaimRequest;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorInfo;
import dev.tide.api.UserFilter;
import java.util.HashSet;
import java.util.Set;

/**
 * What a claim under a processor asks for: the processor's queue, types, users and payload size, narrowed by the
 * request where it may narrow them. The request may name the queue only as the processor's, may ask for some of the
 * processor's types (or any, when the processor takes every type), may ask for smaller payloads, and may not name
 * users: whose tasks a processor takes is the administrator's decision, not the worker's.
 */
public final class ProcessorClaims {
    private ProcessorClaims() {}

    /**
     * @param request the claim as the worker made it
     * @param started whether the processor is started; a stopped one's claims dispatch nothing
     */
    public record Narrowed(ClaimRequest request, boolean started) {}

    public static Narrowed narrow(ClaimRequest request, ProcessorInfo info) {
        ProcessorDefinition processor = info.processor();
        String name = processor.name();
        if (request.queue() != null && !request.queue().equals(processor.queue())) {
            throw new InvalidRequestException(
                    "queue", "processor " + name + " takes from queue " + processor.queue() + "; leave the queue out");
        }
        if (!request.users().equals(UserFilter.ANY)) {
            throw new InvalidRequestException(
                    "users", "processor " + name + " decides whose tasks it takes; leave the users out");
        }
        Set<String> types = request.types();
        if (types.isEmpty()) {
            types = processor.types();
        } else if (!processor.types().isEmpty() && !processor.types().containsAll(types)) {
            Set<String> others = new HashSet<>(types);
            others.removeAll(processor.types());
            throw new InvalidRequestException("types", "processor " + name + " does not take tasks of types " + others);
        }
        Long maxPayload = processor.maxPayloadBytes();
        if (request.maxPayloadBytes() != null) {
            maxPayload =
                    maxPayload == null ? request.maxPayloadBytes() : Math.min(maxPayload, request.maxPayloadBytes());
        }
        ClaimRequest narrowed = new ClaimRequest(
                processor.queue(),
                request.worker(),
                request.limit(),
                types,
                request.leaseDuration(),
                request.waitFor(),
                maxPayload,
                processor.users(),
                request.session(),
                name);
        return new Narrowed(narrowed, info.started());
    }
}
