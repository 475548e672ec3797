/**
 * Folder intake (seed 004's file poller, see docs/intake.md): files dropped in {@code inbox/<user>/<queue>/} become
 * tasks of that user in that queue. {@link dev.tide.server.intake.FolderIntake} runs the passes; a file is enqueued
 * under an idempotency key derived from its name and content and only then moved aside, so a crash in between finds
 * the same task again instead of making a second.
 */
package dev.tide.server.intake;
