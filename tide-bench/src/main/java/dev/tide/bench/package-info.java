/**
 * The benchmark harness ({@code ./bench}): Tide against db-scheduler, JobRunr and the storage ceiling on the same
 * databases in one run, plus durable single-task enqueue with group commit and claim cost as the backlog grows.
 * Speed is measured here, never asserted in tests.
 */
package dev.tide.bench;
