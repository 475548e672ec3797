/**
 * The storage boundary, cut by role: {@link dev.tide.core.store.TaskInserts}, {@link dev.tide.core.store.TaskClaims},
 * {@link dev.tide.core.store.TaskSettlements}, {@link dev.tide.core.store.TaskReads},
 * {@link dev.tide.core.store.Housekeeping}, {@link dev.tide.core.store.Catalog} and the others that
 * {@link dev.tide.core.store.Store} assembles. Each engine class takes only the roles it uses. The roles are implemented
 * once for both databases in {@code store.jdbc}, over a {@link dev.tide.core.store.jdbc.Database} and a
 * {@link dev.tide.core.store.jdbc.Dialect} that each dialect's package supplies, with its SQL in per-dialect
 * {@code .sql} files under the same query names.
 *
 * <p>Every method is one transaction, durable when it returns, and takes the current time as a parameter: stores never
 * read a clock, so tests can run a simulated week on an injected one.
 */
package dev.tide.core.store;
