package dev.tide.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.JsonInput;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Json#compact}'s shortcut for text already compact: whatever it accepts, the general path (parse into a tree,
 * write it) gives back unchanged, so stored text stays byte-identical.
 */
class CompactJsonTest {

    @Test
    void acceptsTheUsualCompactDocuments() {
        for (String text : List.of(
                "{}",
                "[]",
                "{\"n\":1}",
                "{\"n\":-12,\"s\":\"a b/c\",\"t\":true,\"f\":false,\"z\":null,\"a\":[1,{\"n\":0}]}",
                "\"text\"",
                "0",
                "123456789012345678",
                "null")) {
            assertThat(CompactJson.isCompact(text)).as(text).isTrue();
            assertThat(general(text)).isEqualTo(text);
            assertThat(JsonInput.normalize("payload", text)).isSameAs(text);
        }
    }

    @Test
    void leavesEverythingElseToTheGeneralPath() {
        for (String text : List.of(
                "",
                " {}",
                "{} ",
                "{ }",
                "{\"n\": 1}",
                "{\"n\":1,\"n\":2}",
                "{\"n\":1.0}",
                "1e3",
                "-0",
                "007",
                "+1",
                "1234567890123456789",
                "\"a\\\"b\"",
                "\"\\u0041\"",
                "\"é\"",
                "\"\u007f\"",
                "{\"n\":1}x",
                "{\"n\":1",
                "[1,]",
                "tru",
                "nul")) {
            assertThat(CompactJson.isCompact(text)).as(text).isFalse();
        }
        assertThat(JsonInput.normalize("payload", "{ \"n\" : 1 }")).isEqualTo("{\"n\":1}");
        assertThat(JsonInput.normalize("payload", "{\"n\":1,\"n\":2}")).isEqualTo("{\"n\":2}");
        assertThatThrownBy(() -> JsonInput.normalize("payload", "{\"n\":1"))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void textThatIsNotJsonIsRefusedNamingWhereTheFirstErrorIs() {
        assertThatThrownBy(() -> JsonInput.normalize("payload", "{\n  \"to\": \"ada\",\n  oops\n}"))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
                    assertThat(e.field()).isEqualTo("payload");
                    assertThat(e.getMessage())
                            .startsWith("payload: is not valid JSON at line 3, column 3: Unexpected character ('o'");
                });
        assertThatThrownBy(() -> JsonInput.normalize("payload", "[1,\n2,,3]"))
                .hasMessageStartingWith("payload: is not valid JSON at line 2, column ");
    }

    @Test
    void refusesObjectsTooDeepOrWithTooManyKeys() {
        String deep = "[".repeat(CompactJson.MAX_DEPTH + 1) + "]".repeat(CompactJson.MAX_DEPTH + 1);
        assertThat(CompactJson.isCompact(deep)).isFalse();
        assertThat(CompactJson.isCompact("[".repeat(CompactJson.MAX_DEPTH) + "]".repeat(CompactJson.MAX_DEPTH)))
                .isTrue();
        StringBuilder wide = new StringBuilder("{");
        for (int i = 0; i <= CompactJson.MAX_KEYS; i++) {
            wide.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
        }
        assertThat(CompactJson.isCompact(wide.append('}').toString())).isFalse();
    }

    /** Random documents, many of them compact, some with the traps above: a yes always means an unchanged text. */
    @Test
    void whatItAcceptsTheGeneralPathWritesUnchanged() {
        Random random = new Random(17);
        int accepted = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder out = new StringBuilder();
            value(random, out, 0);
            String text = out.toString();
            if (CompactJson.isCompact(text)) {
                accepted++;
                assertThat(general(text)).as(text).isEqualTo(text);
            }
        }
        assertThat(accepted).isGreaterThan(2_000);
    }

    private static void value(Random random, StringBuilder out, int depth) {
        int kind = random.nextInt(depth > 4 ? 6 : 8);
        switch (kind) {
            case 0 ->
                out.append(random.nextInt(20) == 0 ? "-0" : Long.toString(random.nextLong() >> random.nextInt(64)));
            case 1 -> out.append(random.nextInt(10) == 0 ? "1.5e3" : random.nextBoolean() ? "true" : "null");
            case 2, 3, 4, 5 -> string(random, out);
            case 6 -> {
                out.append('[');
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    out.append(i == 0 ? "" : ",");
                    space(random, out);
                    value(random, out, depth + 1);
                }
                out.append(']');
            }
            default -> {
                out.append('{');
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    out.append(i == 0 ? "" : ",");
                    out.append("\"k").append(random.nextInt(5)).append("\":");
                    space(random, out);
                    value(random, out, depth + 1);
                }
                out.append('}');
            }
        }
    }

    private static void string(Random random, StringBuilder out) {
        String alphabet = "ab /:{}[],-\u00e9\u007f\t\\u\"";
        out.append('"');
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            char c = alphabet.charAt(random.nextInt(random.nextInt(4) == 0 ? alphabet.length() : 9));
            out.append(c == '\\' || c == '"' ? "\\" + c : String.valueOf(c));
        }
        out.append('"');
    }

    private static void space(Random random, StringBuilder out) {
        if (random.nextInt(30) == 0) {
            out.append(' ');
        }
    }

    private static String general(String text) {
        try {
            return Json.mapper().writeValueAsString(Json.mapper().readTree(text));
        } catch (JsonProcessingException e) {
            throw new AssertionError(text, e);
        }
    }
}
