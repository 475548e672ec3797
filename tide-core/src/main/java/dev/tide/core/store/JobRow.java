package dev.tide.core.store;

import java.time.Instant;

/** A job ready to insert, defaults resolved. {@code owner} is never null (empty for none). */
public record JobRow(
        String type, String title, String owner, int priority, Instant deadline, String info, Instant createdAt) {}
