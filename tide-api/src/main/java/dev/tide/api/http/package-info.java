/**
 * The bodies of HTTP requests and responses that the server and the client of Tide share. Nothing here is null unless it says {@code @Nullable}.
 */
@NullMarked
package dev.tide.api.http;

import org.jspecify.annotations.NullMarked;
