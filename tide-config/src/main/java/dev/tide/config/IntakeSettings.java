package dev.tide.config;

import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** {@code tide.intake.*}: the folder intake (docs/intake.md); no inbox, no intake. */
public record IntakeSettings(@Nullable Path inbox, Duration poll, Duration settle) {}
