package dev.tide.campus.app.web;

import dev.tide.api.NotFoundException;
import dev.tide.campus.enroll.CampusEnrollment;
import dev.tide.campus.enroll.ImportOutcome;
import dev.tide.campus.enroll.ImportProgress;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

/**
 * Enrollment files (seed 000, §4.3.5.3.1.2): uploaded with the uploader's address, then either imported in the request
 * (the outcome on the page) or saved and queued as a job (its progress on a page, the report by email). Bad input
 * answers the form again, with status 400 and the error named, and writes nothing.
 */
@Controller
class EnrollmentController {
    static final String FORM = "/enrollments/upload";

    private final Pages pages;
    private final CampusEnrollment enrollment;

    EnrollmentController(Pages pages, CampusEnrollment enrollment) {
        this.pages = pages;
        this.enrollment = enrollment;
    }

    @GetMapping(FORM)
    ResponseEntity<String> form() {
        return form(HttpStatus.OK, UploadForm.empty());
    }

    @PostMapping(FORM)
    ResponseEntity<String> upload(
            @RequestParam(defaultValue = "") String uploader,
            @RequestParam(defaultValue = "") String mode,
            @RequestParam(required = false) @Nullable MultipartFile file)
            throws IOException {
        UploadForm form = new UploadForm(uploader.strip(), mode, null);
        String name = file == null || file.getOriginalFilename() == null ? "" : file.getOriginalFilename();
        if (file == null || (name.isBlank() && file.isEmpty())) {
            return form(HttpStatus.BAD_REQUEST, form.refused("file: choose an enrollment file (CSV) to upload"));
        }
        if (!mode.equals(UploadForm.DIRECTLY) && !mode.equals(UploadForm.QUEUED)) {
            return form(HttpStatus.BAD_REQUEST, form.refused("mode: choose directly or queued"));
        }
        try {
            // The import refuses a bad uploader address and a file without an enrollment line, writing nothing.
            try (InputStream csv = file.getInputStream()) {
                if (mode.equals(UploadForm.QUEUED)) {
                    long job = enrollment.queueImport(form.uploader(), name, csv);
                    return ResponseEntity.status(HttpStatus.SEE_OTHER)
                            .location(URI.create("/enrollments/imports/" + job))
                            .build();
                }
                long started = System.nanoTime();
                ImportOutcome outcome = enrollment.importDirectly(form.uploader(), csv);
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                return pages.ok("outcome.jte", Map.of("fileName", name, "outcome", outcome, "took", took));
            }
        } catch (IllegalArgumentException refused) {
            return form(HttpStatus.BAD_REQUEST, form.refused(refused.getMessage()));
        }
    }

    @GetMapping("/enrollments/imports/{jobId}")
    ResponseEntity<String> progress(@PathVariable long jobId) {
        ImportProgress progress;
        try {
            progress = enrollment.progress(jobId);
        } catch (IllegalArgumentException notAnImport) {
            throw new NotFoundException("enrollment import " + jobId);
        }
        return pages.ok("import.jte", Map.of("progress", progress));
    }

    ResponseEntity<String> form(HttpStatus status, UploadForm form) {
        return pages.page(status, "upload.jte", Map.of("form", form));
    }
}
