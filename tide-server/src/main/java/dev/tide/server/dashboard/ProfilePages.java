package dev.tide.server.dashboard;

import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileStatus;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The profiles: each one's entries and what it allows now, and its week drawn as a grid on the wall clock of a zone
 * the viewer picks. Administrators add an entry by selecting cells (or typing the range) and remove one; the profile
 * with the change is defined through the engine, whose rules alone judge it: an entry that overlaps another is refused
 * with the engine's reason, shown on the page with the form as it was typed, and nothing is written.
 */
final class ProfilePages {
    private static final List<String> ZONES =
            ZoneId.getAvailableZoneIds().stream().sorted().toList();

    private static final String STALE = "the profile was changed since this page was shown (by someone else, or in "
            + "another tab): nothing was saved; look at it again and repeat the change if it still fits";

    private final InstantSource clock;

    ProfilePages(InstantSource clock) {
        this.clock = clock;
    }

    void addTo(PageRoutes pages) {
        pages.get("/profiles", this::list);
        pages.get("/profiles/{key}", page -> show(page, null, null, 200));
        pages.post("/profiles/{key}/entries", this::addEntry);
        pages.post("/profiles/{key}/entries/remove", this::removeEntry);
    }

    private void list(PageContext page) {
        page.view().requireReader("the profiles");
        var profiles = page.view().queue().profiles();
        Map<String, ProfileStatus> status = statusByKey(profiles.status());
        page.render("profiles.jte", "profiles", profiles.list(), "status", status);
    }

    /** The grid page; after a refused change, with the reason, the form as typed and the status of the refusal. */
    private void show(PageContext page, ProfileEntryForm form, String refusal, int status) {
        page.view().requireReader("a profile");
        Profile profile = profile(page);
        ZoneId zone = zone(page, profile);
        LocalDate day = week(page, zone, clock.instant());
        WeekGrid grid = WeekGrid.of(profile, zone, day);
        ProfileStatus now = statusByKey(page.view().queue().profiles().status()).get(profile.key());
        page.ctx().status(status);
        page.render(
                "profile.jte",
                "grid",
                grid,
                "status",
                now,
                "now",
                clock.instant(),
                "revision",
                ProfileRevision.of(profile),
                "form",
                form != null ? form : ProfileEntryForm.empty(zone),
                "refusal",
                refusal,
                "zones",
                ZONES);
    }

    private void addEntry(PageContext page) {
        page.view().requireAdmin("change a profile");
        Profile profile = profile(page);
        ProfileEntryForm form = ProfileEntryForm.read(page);
        if (!current(page, profile)) {
            show(page, form, STALE, 409);
            return;
        }
        try {
            List<ProfileEntry> entries = new ArrayList<>(profile.entries());
            entries.add(form.entry(profile.zone()));
            // The engine's rules judge the result: Profile refuses overlapping entries as it is built, define()
            // whatever else the store refuses; either way nothing is written.
            page.view().queue().profiles().define(with(profile, entries));
        } catch (InvalidRequestException refused) {
            show(page, form, refused.getMessage(), 400);
            return;
        }
        page.redirect(back(page, profile), "Entry " + form.name() + " added to " + profile.key() + ".");
    }

    private void removeEntry(PageContext page) {
        page.view().requireAdmin("change a profile");
        Profile profile = profile(page);
        if (!current(page, profile)) {
            throw new ConflictException(STALE);
        }
        String name = page.form("entry");
        List<ProfileEntry> entries =
                profile.entries().stream().filter(e -> !e.name().equals(name)).toList();
        if (entries.size() == profile.entries().size()) {
            throw new NotFoundException("entry " + name + " of " + profile.key());
        }
        page.view().queue().profiles().define(with(profile, entries));
        page.redirect(back(page, profile), "Entry " + name + " removed from " + profile.key() + ".");
    }

    /** Whether the form was made from the profile as it is now (a form without a revision is not checked). */
    private static boolean current(PageContext page, Profile profile) {
        String revision = page.form("revision");
        return revision == null || revision.equals(ProfileRevision.of(profile));
    }

    private static Profile with(Profile profile, List<ProfileEntry> entries) {
        return new Profile(profile.taskType(), profile.jobType(), profile.zone(), entries, profile.otherwise());
    }

    /** The grid page the change came from (its week and zone travel as hidden fields). */
    private static String back(PageContext page, Profile profile) {
        return "/profiles/" + Urls.encode(profile.key())
                + Urls.query("week", page.form("week"), "zone", page.form("gridZone"));
    }

    private static Profile profile(PageContext page) {
        String key = page.pathParam("key");
        return page.view().queue().profiles().list().stream()
                .filter(p -> p.key().equals(key))
                .findFirst()
                .orElseThrow(() -> new NotFoundException("profile " + key));
    }

    private static Map<String, ProfileStatus> statusByKey(List<ProfileStatus> status) {
        return status.stream()
                .collect(Collectors.toMap(s -> s.active().profileKey(), Function.identity(), (a, b) -> a));
    }

    /** The viewer's zone: ?zone= (a form's gridZone after a change), else the profile's. */
    private static ZoneId zone(PageContext page, Profile profile) {
        String text = page.query("zone");
        if (text == null && page.ctx().method().name().equals("POST")) {
            text = page.form("gridZone");
        }
        if (text == null) {
            return profile.zone();
        }
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new InvalidRequestException("zone", "'" + text + "' is not a time zone (e.g. Europe/Paris)");
        }
    }

    /** A day of the week asked for (?week=2026-W13), else today in the viewer's zone. */
    private static LocalDate week(PageContext page, ZoneId zone, Instant now) {
        String text = page.query("week");
        if (text == null && page.ctx().method().name().equals("POST")) {
            text = page.form("week");
        }
        if (text == null) {
            return LocalDate.ofInstant(now, zone);
        }
        try {
            return LocalDate.parse(text + "-1", DateTimeFormatter.ISO_WEEK_DATE);
        } catch (DateTimeException e) {
            throw new InvalidRequestException("week", "'" + text + "' is not an ISO week (e.g. 2026-W13)");
        }
    }
}
