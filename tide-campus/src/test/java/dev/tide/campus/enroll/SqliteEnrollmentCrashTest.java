package dev.tide.campus.enroll;

import dev.tide.campus.enroll.EnrollmentCrashChild.Store;
import java.nio.file.Path;

/** The import's restart test on SQLite: the worker processes take the data folder in turn. */
class SqliteEnrollmentCrashTest extends EnrollmentCrashContract {
    @Override
    Store store(Path folder) {
        return Store.sqlite(folder);
    }
}
