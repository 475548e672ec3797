/**
 * {@link dev.tide.client.TideClient}: the {@link dev.tide.api.TaskQueue} of a remote Tide server over HTTP/JSON, for
 * producers and remote workers. It throws the engine's exceptions with the engine's messages, and never strands a lease
 * when its caller is interrupted.
 */
package dev.tide.client;
