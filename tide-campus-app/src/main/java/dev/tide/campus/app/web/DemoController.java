package dev.tide.campus.app.web;

import dev.tide.campus.app.demo.DemoData;
import dev.tide.campus.app.demo.DemoMailServer;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The demo's pages: the mails its SMTP server received, and a sample enrollment file to upload. */
@Controller
@ConditionalOnBooleanProperty("campus.demo")
class DemoController {
    private final Pages pages;
    private final DemoMailServer mail;
    private final DemoData data;

    DemoController(Pages pages, DemoMailServer mail, DemoData data) {
        this.pages = pages;
        this.mail = mail;
        this.data = data;
    }

    @GetMapping("/demo/mailbox")
    ResponseEntity<String> mailbox() {
        return pages.ok("mailbox.jte", Map.of("mails", mail.received()));
    }

    @GetMapping("/demo/sample.csv")
    ResponseEntity<String> sample() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "csv", java.nio.charset.StandardCharsets.UTF_8))
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"enrollments-sample.csv\"")
                .body(data.sampleFile());
    }
}
