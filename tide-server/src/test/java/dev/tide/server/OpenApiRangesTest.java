package dev.tide.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.InputRanges;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each {@code x-tide-range} in openapi.yaml names a constant of {@link InputRanges} and says what it holds, and the
 * field's description writes the range as the engine's refusal does: the document cannot drift from the check.
 */
class OpenApiRangesTest {

    @Test
    void everyRangeInTheDocumentIsTheNamedConstant() {
        List<Map.Entry<String, JsonNode>> ranged = new ArrayList<>();
        collect("", ApiDocument.tree(), ranged);

        assertThat(ranged).as("fields with an x-tide-range").hasSizeGreaterThanOrEqualTo(20);
        for (Map.Entry<String, JsonNode> field : ranged) {
            JsonNode range = field.getValue().path("x-tide-range");
            Object constant = InputRanges.named(range.path("name").asText());
            String where = field.getKey();
            assertThat(constant).as(where + " names a constant").isNotNull();
            if (constant instanceof InputRanges.DurationRange durations) {
                assertThat(Duration.parse(range.path("min").asText())).as(where).isEqualTo(durations.min());
                assertThat(Duration.parse(range.path("max").asText())).as(where).isEqualTo(durations.max());
            } else if (constant instanceof InputRanges.InstantRange instants) {
                assertThat(Instant.parse(range.path("min").asText())).as(where).isEqualTo(instants.earliest());
                assertThat(Instant.parse(range.path("max").asText())).as(where).isEqualTo(instants.latest());
                assertThat(
                                range.has("ahead")
                                        ? Duration.parse(range.path("ahead").asText())
                                        : null)
                        .as(where)
                        .isEqualTo(instants.ahead());
            }
            assertThat(field.getValue().path("description").asText())
                    .as(where + ": its description writes the range")
                    .contains(constant.toString());
        }
    }

    private static void collect(String path, JsonNode node, List<Map.Entry<String, JsonNode>> out) {
        if (node.has("x-tide-range")) {
            out.add(Map.entry(path, node));
        }
        if (node.isObject()) {
            node.properties().forEach(e -> collect(path + "/" + e.getKey(), e.getValue(), out));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(path + "/" + i, node.get(i), out);
            }
        }
    }
}
