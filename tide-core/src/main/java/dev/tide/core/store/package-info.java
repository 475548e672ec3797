/**
 * The storage boundary. The engine talks only to {@link dev.tide.core.store.Store}; each dialect implements it in its
 * own package with its SQL in per-dialect {@code .sql} files under the same query names.
 *
 * <p>Every method is one transaction, durable when it returns, and takes the current time as a parameter: stores never
 * read a clock, so tests can run a simulated week on an injected one.
 */
package dev.tide.core.store;
