package dev.tide.campus.enroll;

import dev.tide.core.TideBuilder;
import java.nio.file.Path;

/** The enrollment import on SQLite, in a temporary folder: the campus tables in Tide's own database file. */
class SqliteEnrollmentTest extends EnrollmentContract {
    @Override
    TideBuilder storage(TideBuilder builder, Path folder) {
        return builder.sqlite(folder);
    }
}
