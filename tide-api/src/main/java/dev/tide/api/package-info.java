/**
 * Tide's public types, shared by the embedded engine ({@code dev.tide.core.Tide}) and the HTTP client
 * ({@code dev.tide.client.TideClient}): both implement {@link dev.tide.api.TaskQueue}, so code written against it runs
 * embedded or remote unchanged.
 *
 * <p>JSON payloads, results and job info travel as raw JSON text; {@link dev.tide.api.json.Json} converts to and from
 * Java objects. Instants and durations are ISO-8601 in JSON.
 */
@NullMarked
package dev.tide.api;

import org.jspecify.annotations.NullMarked;
