package dev.tide.spring;

import dev.tide.config.SettingsException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A {@code tide.*} setting that cannot start Tide, reported at start-up as the one line {@code tide server} gives for it
 * (where the value came from, the key, what is allowed) instead of a stack of bean creation exceptions.
 */
final class TideSettingsFailureAnalyzer extends AbstractFailureAnalyzer<SettingsException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SettingsException cause) {
        return new FailureAnalysis(
                cause.getMessage(),
                "Correct " + cause.key() + ". The settings, their names and defaults: docs/operations.md"
                        + " (\"Configuration file\"); those only a Spring application has: docs/integration.md.",
                cause);
    }
}
