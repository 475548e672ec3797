package dev.tide.campus.app.demo;

import java.time.Instant;
import java.util.List;

/** A message the demo's SMTP server received, as its mailbox page shows it. */
public record ReceivedMail(Instant receivedAt, List<String> from, List<String> to, String subject, String body) {}
