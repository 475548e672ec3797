package dev.tide.campus.app.web;

import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The mailing form: who sends it (and gets the report), what it says, and to whom: the students of a section, or
 * addresses typed in.
 *
 * @param recipients {@code section} or {@code addresses}
 * @param addresses separated by commas, semicolons, spaces or lines
 */
public record MailingForm(
        @Nullable String owner,
        @Nullable String subject,
        @Nullable String body,
        @Nullable String recipients,
        @Nullable String section,
        @Nullable String addresses) {
    public static final String TO_SECTION = "section";
    public static final String TO_ADDRESSES = "addresses";

    static MailingForm empty() {
        return new MailingForm("", "", "", TO_SECTION, "", "");
    }

    boolean toSection() {
        return TO_SECTION.equals(recipients);
    }

    List<String> typedAddresses() {
        return addresses == null
                ? List.of()
                : Arrays.stream(addresses.split("[,;\\s]+"))
                        .filter(a -> !a.isEmpty())
                        .toList();
    }

    String text(@Nullable String value) {
        return value == null ? "" : value;
    }
}
