/**
 * The university application of the thesis Tide comes from (seed 000, §4.3.5), rebuilt on Tide's public API: so far
 * its mailer ({@link dev.tide.campus.mail}). See docs/campus.md.
 */
package dev.tide.campus;
