package dev.tide.api;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The throughput directives of one task type, or the defaults of one job type's tasks (seed 000's {@code profiles},
 * table 8): entries by day of week and time of day, each with its limits. A task is governed by its type's profile; a
 * task whose type has none, by its job type's profile; else by none.
 *
 * <p>At each claim the entry in force is chosen from the clock: among the entries that hold, the one of highest
 * precedence; when none holds, {@code otherwise} (no limit when null). Entries that can hold at the same instant with
 * the same precedence are refused when the profile is saved, naming both.
 *
 * @param taskType the task type it governs; exactly one of {@code taskType} and {@code jobType}
 * @param jobType the job type whose tasks it governs when their own type has no profile
 * @param zone the time zone of entries that name none; UTC when null
 */
public record Profile(
        @Nullable String taskType,
        @Nullable String jobType,
        ZoneId zone,
        List<ProfileEntry> entries,
        @Nullable ProfileLimits otherwise) {

    public Profile {
        if ((taskType == null) == (jobType == null)) {
            throw new InvalidRequestException("taskType", "give exactly one of taskType and jobType");
        }
        if (taskType != null) {
            TaskType.requireName("taskType", taskType);
        } else {
            TaskType.requireName("jobType", jobType);
        }
        zone = zone == null ? ZoneOffset.UTC : zone;
        entries = entries == null ? List.of() : List.copyOf(entries);
        Set<String> names = new HashSet<>();
        for (ProfileEntry entry : entries) {
            if (!names.add(entry.name())) {
                throw new InvalidRequestException("entries", "two entries are named '" + entry.name() + "'");
            }
        }
        ProfileOverlaps.refuse(entries, zone);
    }

    public static Profile forTaskType(
            String type, @Nullable ZoneId zone, List<ProfileEntry> entries, @Nullable ProfileLimits otherwise) {
        return new Profile(type, null, zone == null ? ZoneOffset.UTC : zone, entries, otherwise);
    }

    public static Profile forJobType(
            String type, @Nullable ZoneId zone, List<ProfileEntry> entries, @Nullable ProfileLimits otherwise) {
        return new Profile(null, type, zone == null ? ZoneOffset.UTC : zone, entries, otherwise);
    }

    /** Names the profile: {@code task:<type>} or {@code job:<type>}. */
    public String key() {
        return taskType != null ? "task:" + taskType : "job:" + jobType;
    }

    /** The zone an entry's window is read in. */
    public ZoneId zoneOf(ProfileEntry entry) {
        return entry.zone() != null ? entry.zone() : zone;
    }

    /** The entry in force at {@code at}, or null when none holds. */
    public @Nullable ProfileEntry entryAt(Instant at, LoadReadings load) {
        return entries.stream()
                .filter(e ->
                        e.covers(at, zoneOf(e)) && (e.when() == null || e.when().holds(load, at)))
                .max(Comparator.comparingInt(ProfileEntry::precedence))
                .orElse(null);
    }

    /** What the profile says at {@code at}: the entry in force, or the default. */
    public ActiveProfile activeAt(Instant at, LoadReadings load) {
        ProfileEntry entry = entryAt(at, load);
        if (entry == null) {
            return ActiveProfile.of(
                    key(), null, otherwise == null ? ProfileLimits.UNLIMITED : otherwise, zone, at, load);
        }
        return ActiveProfile.of(key(), entry.name(), entry.limits(), zoneOf(entry), at, load);
    }
}
