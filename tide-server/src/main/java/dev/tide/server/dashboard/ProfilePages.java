package dev.tide.server.dashboard;

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

    private final InstantSource clock;

    ProfilePages(InstantSource clock) {
        this.clock = clock;
    }

    void addTo(PageRoutes pages) {
        new ProfileAssets().addTo(pages);
        pages.get("/profiles", this::list);
        pages.get("/profiles/{key}", page -> show(page, null, null));
        pages.post("/profiles/{key}/entries", this::addEntry);
        pages.post("/profiles/{key}/entries/remove", this::removeEntry);
    }

    private void list(PageContext page) {
        page.view().requireReader("the profiles");
        var profiles = page.view().queue().profiles();
        Map<String, ProfileStatus> status = statusByKey(profiles.status());
        page.render("profiles.jte", "profiles", profiles.list(), "status", status);
    }

    /** The grid page; after a refused change, with the engine's reason and the form as typed (status 400). */
    private void show(PageContext page, ProfileEntryForm form, String refusal) {
        page.view().requireReader("a profile");
        Profile profile = profile(page);
        ZoneId zone = zone(page, profile);
        Instant now = clock.instant();
        LocalDate day = week(page, zone, now);
        WeekGrid grid = WeekGrid.of(profile, zone, day);
        ProfileStatus status = statusByKey(page.view().queue().profiles().status()).get(profile.key());
        if (refusal != null) {
            page.ctx().status(400);
        }
        page.render(
                "profile.jte",
                "grid",
                grid,
                "status",
                status,
                "now",
                now,
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
        try {
            List<ProfileEntry> entries = new ArrayList<>(profile.entries());
            entries.add(form.entry(profile.zone()));
            // The engine's rules judge the result: Profile refuses overlapping entries as it is built, define()
            // whatever else the store refuses; either way nothing is written.
            page.view().queue().profiles().define(with(profile, entries));
        } catch (InvalidRequestException refused) {
            show(page, form, refused.getMessage());
            return;
        }
        page.redirect(back(page, profile), "Entry " + form.name() + " added to " + profile.key() + ".");
    }

    private void removeEntry(PageContext page) {
        page.view().requireAdmin("change a profile");
        Profile profile = profile(page);
        String name = page.form("entry");
        List<ProfileEntry> entries = profile.entries().stream()
                .filter(e -> !e.name().equals(name))
                .toList();
        if (entries.size() == profile.entries().size()) {
            throw new NotFoundException("entry " + name + " of " + profile.key());
        }
        page.view().queue().profiles().define(with(profile, entries));
        page.redirect(back(page, profile), "Entry " + name + " removed from " + profile.key() + ".");
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
