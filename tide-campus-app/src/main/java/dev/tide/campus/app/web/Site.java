package dev.tide.campus.app.web;

import org.jspecify.annotations.Nullable;

/**
 * What every page's frame links to.
 *
 * @param dashboardUrl Tide's dashboard, when this application runs it ({@code tide.server.enabled})
 * @param demo whether the demo's pages (the mailbox, the sample file) are there
 */
public record Site(@Nullable String dashboardUrl, boolean demo) {}
