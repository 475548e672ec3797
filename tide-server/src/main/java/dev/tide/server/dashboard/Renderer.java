package dev.tide.server.dashboard;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.Map;

/**
 * Renders the dashboard's templates, compiled to classes at build time (jte's Maven plugin): HTML output escapes
 * every value by its place (text, attribute, URL), so a queue named {@code <script>} is shown as those characters.
 */
final class Renderer {
    private static final String PACKAGE = "dev.tide.server.dashboard.pages";

    private final TemplateEngine engine =
            TemplateEngine.createPrecompiled(null, ContentType.Html, Renderer.class.getClassLoader(), PACKAGE);

    String render(String template, Map<String, Object> params) {
        StringOutput output = new StringOutput(8192);
        engine.render(template, params, output);
        return output.toString();
    }
}
