/**
 * The campus mailer (seed 000, §4.3.5.3.1.1): message tasks sent over SMTP, throttled by the thesis's table 9 profile,
 * grouped in mailing jobs whose owner gets a report when they end. {@link dev.tide.campus.mail.CampusMailer} is the
 * entry point; every class is plain, built from its constructor, so that an application can make them beans as they
 * are.
 */
package dev.tide.campus.mail;
