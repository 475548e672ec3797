package dev.tide.campus.app.web;

import dev.tide.api.JobInfo;
import dev.tide.api.NotFoundException;
import dev.tide.campus.mail.CampusMailer;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * Mailings (seed 000, §4.3.5.3.1.1): a subject and a text sent to the students of a section or to typed addresses,
 * queued as one job whose messages go out at table 9's pace, its owner mailed a report at the end. Bad input answers
 * the form again, with status 400 and the error named, and writes nothing.
 */
@Controller
class MailingController {
    private final Pages pages;
    private final CampusMailer mailer;
    private final SectionRoster roster;
    private final Tide tide;

    MailingController(Pages pages, CampusMailer mailer, SectionRoster roster, Tide tide) {
        this.pages = pages;
        this.mailer = mailer;
        this.roster = roster;
        this.tide = tide;
    }

    @GetMapping("/mailings/new")
    ResponseEntity<String> form() {
        return form(HttpStatus.OK, MailingForm.empty(), null);
    }

    @PostMapping("/mailings")
    ResponseEntity<String> queue(MailingForm form) {
        try {
            // The mailer checks it too; first here, as the form's first field, before the recipients are looked up.
            SmtpSettings.requireAddress("owner", form.text(form.owner()).strip());
            if (!form.toSection() && !MailingForm.TO_ADDRESSES.equals(form.recipients())) {
                throw new IllegalArgumentException("recipients: choose the students of a section, or addresses");
            }
            if (form.text(form.body()).isBlank()) {
                throw new IllegalArgumentException("body: write the message's text");
            }
            List<String> recipients = form.toSection()
                    ? roster.addresses(form.text(form.section()).strip())
                    : form.typedAddresses();
            long job = mailer.queueMailing(
                    form.text(form.owner()).strip(), form.text(form.subject()).strip(), form.body(), recipients);
            return ResponseEntity.status(HttpStatus.SEE_OTHER)
                    .location(URI.create("/mailings/" + job))
                    .build();
        } catch (IllegalArgumentException refused) {
            return form(HttpStatus.BAD_REQUEST, form, refused.getMessage());
        }
    }

    @GetMapping("/mailings/{jobId}")
    ResponseEntity<String> mailing(@PathVariable long jobId) {
        JobInfo job = tide.job(jobId);
        if (!job.type().equals(CampusMailer.MAILING)) {
            throw new NotFoundException("mailing " + jobId);
        }
        return pages.ok("mailing.jte", Map.of("job", job));
    }

    private ResponseEntity<String> form(HttpStatus status, MailingForm form, @Nullable String error) {
        Map<String, Object> params = new HashMap<>();
        params.put("form", form);
        params.put("error", error);
        return pages.page(status, "mailing-form.jte", params);
    }
}
