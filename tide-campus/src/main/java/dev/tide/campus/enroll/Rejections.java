package dev.tide.campus.enroll;

import java.util.List;

/** Why a line is not enrolled, worded for the uploader: the report's and the direct outcome's wording, in one place. */
final class Rejections {
    private Rejections() {}

    static String malformed(int line) {
        return "line " + line + ": expected student,section";
    }

    static String noStudent(String student) {
        return "no student " + student;
    }

    static String noSection(String section) {
        return "no section " + section;
    }

    static String alreadyEnrolled(String section) {
        return "already enrolled in " + section;
    }

    /**
     * {@code missing prerequisite CS100 for CS201}, or with several {@code missing prerequisites CS100, CS110 for
     * CS201}.
     */
    static String missingPrerequisites(List<String> missing, String course) {
        return (missing.size() == 1 ? "missing prerequisite " : "missing prerequisites ") + String.join(", ", missing)
                + " for " + course;
    }

    static String full(String section, int capacity) {
        return "section " + section + " is full (capacity " + capacity + ")";
    }
}
