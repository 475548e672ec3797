/**
 * Users of a Tide server, what they may do ({@link dev.tide.api.auth.Role}), and their credentials: API tokens and
 * passwords exchanged for session tokens. {@link dev.tide.api.auth.Accounts} manages them, embedded or over HTTP.
 */
@NullMarked
package dev.tide.api.auth;

import org.jspecify.annotations.NullMarked;
