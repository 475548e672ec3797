package dev.tide.config;

import java.util.List;

/**
 * {@code tide.digest.*}: the administrators' digest.
 *
 * @param interval how often one is sent ({@code none}: never)
 * @param recipients the administrators it is addressed to; with none, none is sent
 * @param notificationType the task type of the digest, which a handler of that type routes (e.g. to mail)
 */
public record DigestSettings(Lifetime interval, List<String> recipients, String notificationType) {
    public DigestSettings {
        recipients = recipients == null ? List.of() : List.copyOf(recipients);
    }
}
