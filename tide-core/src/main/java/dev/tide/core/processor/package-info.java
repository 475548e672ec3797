/**
 * Processors (seed 004's Submission Processors) on the engine's side: their definitions as claims see them
 * ({@link dev.tide.core.processor.ProcessorBook}, {@link dev.tide.core.processor.ProcessorClaims}), and the host that
 * runs the local ones on this node and reports what every processor does here
 * ({@link dev.tide.core.processor.ProcessorHost}). The administrators' operations are the facade's
 * {@code EmbeddedProcessors}.
 */
package dev.tide.core.processor;
