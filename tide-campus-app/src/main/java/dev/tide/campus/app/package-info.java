/**
 * The thesis's campus application (seed 000, §4.3.5) as a Spring Boot web application on Tide's starter: the mailer's
 * and the enrollment import's classes as beans, their handlers in the starter's worker pools, pages to upload an
 * enrollment file (directly or queued) and to queue a mailing, and a demo mode with an SMTP server of its own. Run it
 * with {@code ./campus}; see docs/campus.md.
 */
package dev.tide.campus.app;
