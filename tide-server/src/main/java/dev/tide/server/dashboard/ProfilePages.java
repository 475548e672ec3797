package dev.tide.server.dashboard;

import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JobType;
import dev.tide.api.NotFoundException;
import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileStatus;
import dev.tide.api.TaskQueue;
import dev.tide.api.TaskType;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The profiles: each one's entries and what it allows now, and its week drawn as a grid on the wall clock of a zone
 * the viewer picks. Administrators create a profile, set its zone and default, and add, change and remove entries
 * (selecting cells of the grid, or typing the range); every change defines the whole profile through the engine, whose
 * rules alone judge it: an entry that overlaps another is refused with the engine's reason, shown on the page with the
 * form as it was typed, and nothing is written. A change made from a page that no longer shows the profile as it is
 * (its {@link ProfileRevision}) is refused with 409.
 */
final class ProfilePages {
    private static final String STALE = "the profile was changed since this page was shown (by someone else, or in "
            + "another tab): nothing was saved; look at it again and repeat the change if it still fits";

    private final InstantSource clock;

    ProfilePages(InstantSource clock) {
        this.clock = clock;
    }

    void addTo(PageRoutes pages) {
        pages.get("/profiles", page -> list(page, null, null, 200));
        pages.post("/profiles", this::create);
        pages.get("/profiles/{key}", page -> show(page, null, null, null, 200));
        pages.post("/profiles/{key}/defaults", this::changeDefaults);
        pages.post("/profiles/{key}/entries", page -> saveEntry(page, false));
        pages.post("/profiles/{key}/entries/edit", page -> saveEntry(page, true));
        pages.post("/profiles/{key}/entries/remove", this::removeEntry);
    }

    /** The list; for administrators with the form that creates one (after a refusal, as typed, with the reason). */
    private void list(PageContext page, NewProfileForm form, String refusal, int status) {
        page.view().requireReader("the profiles");
        TaskQueue queue = page.view().queue();
        List<Profile> profiles = queue.profiles().list();
        Map<String, ProfileStatus> now = statusByKey(queue.profiles().status());
        boolean admin = page.viewer().admin();
        page.ctx().status(status);
        page.render(
                "profiles.jte",
                "profiles",
                profiles,
                "status",
                now,
                "form",
                form != null ? form : NewProfileForm.empty(),
                "refusal",
                refusal,
                "unprofiledTasks",
                admin
                        ? unprofiled(
                                NewProfileForm.TASK, queue.taskTypes().stream().map(TaskType::name), profiles)
                        : List.of(),
                "unprofiledJobs",
                admin
                        ? unprofiled(
                                NewProfileForm.JOB, queue.jobTypes().stream().map(JobType::name), profiles)
                        : List.of(),
                "zones",
                Zones.IDS);
    }

    private void create(PageContext page) {
        page.view().requireAdmin("create a profile");
        NewProfileForm form = NewProfileForm.read(page);
        Profile profile;
        try {
            profile = form.profile();
        } catch (InvalidRequestException refused) {
            list(page, form, refused.getMessage(), 400);
            return;
        }
        if (find(page, profile.key()) != null) {
            // Creating is not replacing: the existing profile is changed on its own page, against its revision.
            list(page, form, "profile " + profile.key() + " exists already: change it on its page", 409);
            return;
        }
        page.view().queue().profiles().define(profile);
        page.redirect("/profiles/" + Urls.encode(profile.key()), "Profile " + profile.key() + " created.");
    }

    /**
     * The grid page; after a refused change, with the reason, the refused form as typed (the other as the profile
     * stands) and the status of the refusal. {@code ?edit=<entry>} fills the entry form to change that entry.
     */
    private void show(
            PageContext page,
            ProfileEntryForm entryForm,
            ProfileDefaultsForm defaultsForm,
            String refusal,
            int status) {
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
                entryForm != null ? entryForm : entryForm(page, profile, zone),
                "defaults",
                defaultsForm != null ? defaultsForm : ProfileDefaultsForm.of(profile),
                "refusal",
                refusal,
                "zones",
                Zones.IDS);
    }

    /** The entry form as a page first shows it: empty, or filled with the entry {@code ?edit=} names. */
    private static ProfileEntryForm entryForm(PageContext page, Profile profile, ZoneId zone) {
        String editing = page.ctx().method().name().equals("GET") ? page.query("edit") : null;
        if (editing == null) {
            return ProfileEntryForm.empty(zone);
        }
        return ProfileEntryForm.of(profile, profile.entries().get(ProfileEntryForm.indexOf(profile, editing)));
    }

    private void changeDefaults(PageContext page) {
        page.view().requireAdmin("change a profile");
        Profile profile = profile(page);
        ProfileDefaultsForm form = ProfileDefaultsForm.read(page);
        if (!current(page, profile)) {
            show(page, null, form, STALE, 409);
            return;
        }
        try {
            // a new zone moves the entries that name none, which may then overlap one that names its own: the engine
            // says so, and nothing is written
            page.view().queue().profiles().define(form.applyTo(profile));
        } catch (InvalidRequestException refused) {
            show(page, null, form, refused.getMessage(), 400);
            return;
        }
        // drawn again in the profile's zone (the new one), unless the viewer had picked one: the form's gridZone
        page.redirect(back(page, profile), "Zone and default of " + profile.key() + " saved.");
    }

    /** Adds an entry, or changes one in its place ({@code changing}). */
    private void saveEntry(PageContext page, boolean changing) {
        page.view().requireAdmin("change a profile");
        Profile profile = profile(page);
        ProfileEntryForm form = ProfileEntryForm.read(page, changing);
        if (!current(page, profile)) {
            show(page, form, null, STALE, 409);
            return;
        }
        try {
            // The engine's rules judge the result: Profile refuses overlapping entries as it is built, define()
            // whatever else the store refuses; either way nothing is written.
            page.view().queue().profiles().define(with(profile, form.applyTo(profile)));
        } catch (InvalidRequestException refused) {
            show(page, form, null, refused.getMessage(), 400);
            return;
        }
        page.redirect(
                back(page, profile),
                changing
                        ? "Entry " + form.name() + " of " + profile.key() + " saved."
                        : "Entry " + form.name() + " added to " + profile.key() + ".");
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
        Profile profile = find(page, key);
        if (profile == null) {
            throw new NotFoundException("profile " + key);
        }
        return profile;
    }

    private static Profile find(PageContext page, String key) {
        return page.view().queue().profiles().list().stream()
                .filter(p -> p.key().equals(key))
                .findFirst()
                .orElse(null);
    }

    /** The names of the defined task types (or job types) that have no profile: what a new one is likely for. */
    private static List<String> unprofiled(String kind, Stream<String> names, List<Profile> profiles) {
        Set<String> keys = profiles.stream().map(Profile::key).collect(Collectors.toSet());
        return names.filter(name -> !keys.contains(kind + ":" + name)).toList();
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
        return text == null ? profile.zone() : Zones.parse("zone", text);
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
