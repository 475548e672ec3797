package dev.tide.campus.app.web;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.HashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Renders the pages (src/main/jte, compiled to classes at build time, as the dashboard's are): HTML output escapes
 * every value by its place, so a file named {@code <script>} is shown as those characters. Every page gets the
 * {@link Site} for its frame.
 */
@Component
public final class Pages {
    private static final String PACKAGE = "dev.tide.campus.app.pages";

    private final TemplateEngine engine =
            TemplateEngine.createPrecompiled(null, ContentType.Html, Pages.class.getClassLoader(), PACKAGE);
    private final Site site;

    public Pages(Site site) {
        this.site = site;
    }

    /** The page {@code template} (e.g. {@code "home.jte"}) with {@code params}, answered with {@code status}. */
    public ResponseEntity<String> page(HttpStatus status, String template, Map<String, Object> params) {
        Map<String, Object> all = new HashMap<>(params);
        all.put("site", site);
        StringOutput output = new StringOutput(8192);
        engine.render(template, all, output);
        return ResponseEntity.status(status)
                .contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
                .body(output.toString());
    }

    public ResponseEntity<String> ok(String template, Map<String, Object> params) {
        return page(HttpStatus.OK, template, params);
    }
}
