package dev.tide.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The IDE metadata of {@code tide.*} (the configuration processor's, merged with
 * additional-spring-configuration-metadata.json) is in step with the configuration file's defaults.yaml: every setting
 * with its default, the ones a Spring application refuses marked as errors, and beside them only the keys only Spring
 * has.
 */
class ConfigurationMetadataTest {
    @Test
    void everySettingOfTheFileIsListedWithItsDefaultAndNoOtherBesideTheKeysOnlySpringHas() throws IOException {
        Map<String, JsonNode> defaults = new LinkedHashMap<>();
        flatten("tide", read(new YAMLMapper(), "/dev/tide/config/defaults.yaml").get("tide"), defaults);
        Map<String, JsonNode> metadata = new LinkedHashMap<>();
        for (JsonNode property : read(new ObjectMapper(), "/META-INF/spring-configuration-metadata.json")
                .get("properties")) {
            metadata.put(property.get("name").asText(), property);
        }

        defaults.forEach((key, value) -> {
            JsonNode property = metadata.get(key);
            assertThat(property).as("the metadata lists " + key).isNotNull();
            JsonNode listed = property.get("defaultValue");
            if (value.isNull() || value.isContainerNode() && value.isEmpty()) {
                assertThat(listed).as("no default of " + key).isNull();
            } else {
                assertThat(listed).as("the default of " + key).isNotNull();
                // numbers as numbers: the processor writes 2.0 as 2
                assertThat(listed.isNumber() ? String.valueOf(listed.asDouble()) : listed.asText())
                        .as("the default of " + key)
                        .isEqualTo(value.isNumber() ? String.valueOf(value.asDouble()) : value.asText());
            }
            boolean serverOnly = SpringSettings.SERVER_ONLY.stream().anyMatch(k -> isAtOrUnder(key, k));
            assertThat(property.path("deprecation").path("level").asText())
                    .as(key + (serverOnly ? " is marked as refused" : " is not marked"))
                    .isEqualTo(serverOnly ? "error" : "");
        });
        metadata.forEach((key, property) -> {
            assertThat(defaults.containsKey(key)
                            || SpringSettings.SPRING_ONLY.stream().anyMatch(k -> isAtOrUnder(key, k)))
                    .as(key + " is a setting of defaults.yaml or a key only Spring has")
                    .isTrue();
            assertThat(property.path("description").asText())
                    .as("the description of " + key)
                    .isNotBlank();
        });
    }

    private static boolean isAtOrUnder(String key, String prefix) {
        return key.equals(prefix) || key.startsWith(prefix + ".");
    }

    private static JsonNode read(ObjectMapper mapper, String resource) throws IOException {
        try (InputStream in = ConfigurationMetadataTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return mapper.readTree(in);
        }
    }

    /** Every leaf's key; an object with nothing under it (a map of objects) counts as a key of its own. */
    private static void flatten(String prefix, JsonNode node, Map<String, JsonNode> keys) {
        if (node.isObject() && !node.isEmpty()) {
            node.properties().forEach(field -> flatten(prefix + "." + field.getKey(), field.getValue(), keys));
        } else {
            keys.put(prefix, node);
        }
    }
}
