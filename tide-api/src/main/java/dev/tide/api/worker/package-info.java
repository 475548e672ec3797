/**
 * The worker runtime: a pool of threads that claims tasks, runs their handlers and acknowledges them. Nothing here is null unless it says {@code @Nullable}.
 */
@NullMarked
package dev.tide.api.worker;

import org.jspecify.annotations.NullMarked;
