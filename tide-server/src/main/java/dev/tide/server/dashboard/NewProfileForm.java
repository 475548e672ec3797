package dev.tide.server.dashboard;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.Profile;

/**
 * The form that creates a profile, as typed: what it governs (a task type, or the tasks of a job type whose own type
 * has none) and its zone and default. Entries are added on the new profile's page.
 *
 * @param kind "task" or "job"
 * @param type the task type's or job type's name
 */
public record NewProfileForm(String kind, String type, ProfileDefaultsForm defaults) {
    public static final String TASK = "task";
    public static final String JOB = "job";

    public static NewProfileForm empty() {
        return new NewProfileForm(TASK, "", ProfileDefaultsForm.empty());
    }

    static NewProfileForm read(PageContext page) {
        String kind = page.form("kind");
        String type = page.form("type");
        return new NewProfileForm(kind == null ? TASK : kind, type == null ? "" : type, ProfileDefaultsForm.read(page));
    }

    /** The profile the form describes; {@link InvalidRequestException} naming the field that cannot be read. */
    Profile profile() {
        if (type.isEmpty()) {
            throw new InvalidRequestException("type", "name the " + (kind.equals(JOB) ? "job" : "task") + " type");
        }
        return switch (kind) {
            case TASK -> defaults.create(type, null);
            case JOB -> defaults.create(null, type);
            default -> throw new InvalidRequestException("kind", "'" + kind + "' is neither task nor job");
        };
    }
}
