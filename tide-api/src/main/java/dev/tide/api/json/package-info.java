/**
 * Tide's JSON: one Jackson configuration for the engine, the server and the client. Nothing here is null unless it says {@code @Nullable}.
 */
@NullMarked
package dev.tide.api.json;

import org.jspecify.annotations.NullMarked;
