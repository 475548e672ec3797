package dev.tide.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.core.testing.TempFolders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/operations.md lists every setting of defaults.yaml and no other, and its example tide.yaml is accepted. */
class SettingsDocsTest {
    private static final Path DOCS = Path.of("..", "docs", "operations.md");

    @Test
    void theTableListsEverySettingAndNoOther() throws IOException {
        String docs = Files.readString(DOCS);
        List<String> keys = new ArrayList<>();
        flatten("tide", defaults(), keys);

        for (String key : keys) {
            assertThat(docs).as("docs/operations.md lists " + key).contains("`" + key);
        }
        String section = docs.substring(docs.indexOf("## Configuration file"));
        section = section.substring(0, section.indexOf("\n## "));
        Matcher rows = Pattern.compile("(?m)^\\| `(tide\\.[a-z0-9.<>-]+)").matcher(section);
        while (rows.find()) {
            String row = rows.group(1).replaceAll("\\.<[a-z]+>\\.?$", "").replaceAll("\\.\\*$", "");
            assertThat(keys).as("the row " + rows.group(1) + " is a setting").contains(row);
        }
    }

    @Test
    void theExampleFileIsAccepted() throws IOException {
        String docs = Files.readString(DOCS);
        String section = docs.substring(docs.indexOf("## Configuration file"));
        Matcher example =
                Pattern.compile("```yaml\n(tide:.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(example.find()).isTrue();
        Path folder = TempFolders.create("tide-config-docs-");
        try {
            Path file = Files.writeString(folder.resolve("tide.yaml"), example.group(1));
            TideSettings settings =
                    SettingsLoader.load(file, Map.of(), List.of()).settings();

            assertThat(settings.store()).isEqualTo(StoreKind.POSTGRESQL);
            assertThat(settings.queues()).containsKeys("emails", "reports");
            assertThat(settings.profiles().get("office-hours").key()).isEqualTo("task:send-mail");
            assertThat(settings.schedules()).containsKey("nightly-report");
            assertThat(settings.processors()).containsKey("mailers");
        } finally {
            TempFolders.delete(folder);
        }
    }

    private static JsonNode defaults() throws IOException {
        try (InputStream in = SettingsLoader.class.getResourceAsStream("defaults.yaml")) {
            return SettingsMapper.MAPPER.readTree(in).get("tide");
        }
    }

    /** Every leaf's key; an object with nothing under it (the maps of objects) counts as a key of its own. */
    private static void flatten(String prefix, JsonNode node, List<String> keys) {
        if (node.isObject() && !node.isEmpty()) {
            node.properties().forEach(field -> flatten(prefix + "." + field.getKey(), field.getValue(), keys));
        } else {
            keys.add(prefix);
        }
    }
}
