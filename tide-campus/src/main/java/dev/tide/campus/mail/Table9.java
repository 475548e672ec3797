package dev.tide.campus.mail;

import static java.time.DayOfWeek.FRIDAY;
import static java.time.DayOfWeek.MONDAY;
import static java.time.DayOfWeek.SATURDAY;
import static java.time.DayOfWeek.SUNDAY;
import static java.time.DayOfWeek.THURSDAY;
import static java.time.DayOfWeek.TUESDAY;
import static java.time.DayOfWeek.WEDNESDAY;

import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The thesis's example profile for messaging (seed 000, §4.3.5.1, table 9) as a Tide profile of the {@code message}
 * task type, one entry per column of the table:
 *
 * <pre>
 *                   days      from   until  max/hour  max/session
 *   work-hours      Sat-Wed   07:00  00:00      5         1
 *   after-hours     Sat-Wed   00:00  07:00   1000         5
 *   weekend         Thu-Fri   00:00  00:00   1000         5      (from = until: the whole day)
 * </pre>
 *
 * Thursday and Friday are the university's weekend. The windows are read on the wall clock of the university's zone,
 * and so are the hours Tide counts the 5 or 1000 messages in. The table's {@code default_priority} of 1 is the
 * {@code message} task type's priority ({@link CampusMailer#define()}).
 */
public final class Table9 {
    /** Saturday to Wednesday: the university's working week. */
    public static final Set<DayOfWeek> WORK_WEEK = EnumSet.of(SATURDAY, SUNDAY, MONDAY, TUESDAY, WEDNESDAY);

    public static final Set<DayOfWeek> WEEKEND = EnumSet.of(THURSDAY, FRIDAY);

    public static final ProfileLimits WORK_HOURS = ProfileLimits.perHour(5).withMaxPerSession(1);

    public static final ProfileLimits OFF_HOURS = ProfileLimits.perHour(1000).withMaxPerSession(5);

    private Table9() {}

    /** Table 9 for the {@code message} task type, read in {@code zone}. */
    public static Profile profile(ZoneId zone) {
        LocalTime seven = LocalTime.of(7, 0);
        return Profile.forTaskType(
                CampusMailer.MESSAGE,
                zone,
                List.of(
                        ProfileEntry.of("work-hours", WORK_WEEK, seven, LocalTime.MIDNIGHT, WORK_HOURS),
                        ProfileEntry.of("after-hours", WORK_WEEK, LocalTime.MIDNIGHT, seven, OFF_HOURS),
                        ProfileEntry.of("weekend", WEEKEND, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, OFF_HOURS)),
                // the entries cover the whole week; were one removed, its hours would send nothing rather than flood
                ProfileLimits.perHour(0));
    }
}
