/**
 * Tide's HTTP/JSON API: {@link dev.tide.server.TideServer} serves any {@link dev.tide.api.TaskQueue} (normally the
 * embedded engine) with one small routes class per resource, a strict JSON body reader that names the offending field,
 * and one error mapper that answers every failure as {@code {"error","message","field"}}. The module's README lists the
 * routes and what each answers.
 */
package dev.tide.server;
