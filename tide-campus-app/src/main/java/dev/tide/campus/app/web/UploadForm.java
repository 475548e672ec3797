package dev.tide.campus.app.web;

import org.jspecify.annotations.Nullable;

/**
 * The upload form as shown: what the user typed, and the error that sent it back (the file itself cannot be kept).
 *
 * @param mode {@code directly} or {@code queued}
 */
public record UploadForm(
        String uploader, String mode, @Nullable String error) {
    public static final String DIRECTLY = "directly";
    public static final String QUEUED = "queued";

    static UploadForm empty() {
        return new UploadForm("", QUEUED, null);
    }

    UploadForm refused(String why) {
        return new UploadForm(uploader, mode, why);
    }
}
