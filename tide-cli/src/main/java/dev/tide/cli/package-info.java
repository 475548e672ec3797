/** The {@code tide} command line: server, migrate, enqueue, status, tasks and friends. */
package dev.tide.cli;
