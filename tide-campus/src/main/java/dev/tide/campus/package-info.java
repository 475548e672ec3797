/**
 * The university application of the thesis Tide comes from (seed 000, §4.3.5), rebuilt on Tide's public API: its
 * mailer ({@link dev.tide.campus.mail}) and its enrollment import ({@link dev.tide.campus.enroll}), and the little they
 * share: a folder of files that tasks name, and a job's failed tasks read back for its report.
 */
package dev.tide.campus;
