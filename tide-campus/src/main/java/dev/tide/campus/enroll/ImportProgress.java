package dev.tide.campus.enroll;

import dev.tide.api.JobState;

/**
 * How far a queued import is, for a page ({@link CampusEnrollment#progress}).
 *
 * @param state {@code OPEN} while lines are read or checked, {@code FINISHED} once every line is done
 * @param lines the file's enrollment lines, counted at upload (header and blank lines not counted)
 * @param read the lines read so far, each queued as an enrollment task
 * @param enrolled the lines written to {@code campus_enrollments}
 * @param rejected the lines rejected
 */
public record ImportProgress(long jobId, JobState state, int lines, int read, int enrolled, int rejected) {}
