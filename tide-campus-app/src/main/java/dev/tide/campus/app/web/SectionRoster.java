package dev.tide.campus.app.web;

import dev.tide.core.Tide;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The students enrolled in a section, as a mailing's recipients: read from the campus's tables, which live where Tide
 * stores (its SQLite file, or its PostgreSQL database), through Tide's own transaction.
 */
@Component
final class SectionRoster {
    private final Tide tide;

    SectionRoster(Tide tide) {
        this.tide = tide;
    }

    /** The addresses of the students in {@code section}; refuses an unknown section or one nobody is enrolled in. */
    List<String> addresses(String section) {
        if (section.isBlank()) {
            throw new IllegalArgumentException("section: give the code of a section (e.g. CS101-01)");
        }
        return tide.transaction((connection, queue) -> {
            try (PreparedStatement known =
                    connection.prepareStatement("SELECT 1 FROM campus_sections WHERE code = ?")) {
                known.setString(1, section);
                try (ResultSet rows = known.executeQuery()) {
                    if (!rows.next()) {
                        throw new IllegalArgumentException("section: no section " + section);
                    }
                }
            }
            List<String> addresses = new ArrayList<>();
            try (PreparedStatement students = connection.prepareStatement("SELECT s.email FROM campus_enrollments e "
                    + "JOIN campus_students s ON s.number = e.student WHERE e.section = ? ORDER BY s.number")) {
                students.setString(1, section);
                try (ResultSet rows = students.executeQuery()) {
                    while (rows.next()) {
                        addresses.add(rows.getString(1));
                    }
                }
            }
            if (addresses.isEmpty()) {
                throw new IllegalArgumentException("section: nobody is enrolled in " + section + " yet");
            }
            return addresses;
        });
    }
}
