/**
 * The campus enrollment import (seed 000, §4.3.5.3.1.2): a CSV file of {@code student,section} lines checked against
 * the campus tables and written, queued as a multi-stage job (a file read in profile-sized blocks, one task per line,
 * one report mailed to the uploader) or done directly in the upload request. {@link
 * dev.tide.campus.enroll.CampusEnrollment} is the entry point; every class is plain, built from its constructor.
 */
package dev.tide.campus.enroll;
