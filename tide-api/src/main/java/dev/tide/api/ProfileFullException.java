package dev.tide.api;

/**
 * A task claimed by its id is governed by a profile that has no room for it now (HTTP 409, code
 * {@code profile_full}): its hour, session or concurrency cap is spent. Nothing was changed; the task stays ready.
 */
public class ProfileFullException extends ConflictException {
    private static final long serialVersionUID = 1L;

    public ProfileFullException(String message) {
        super(message);
    }

    @Override
    public String code() {
        return "profile_full";
    }
}
