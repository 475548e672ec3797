package dev.tide.server.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The task type, payload and idempotency key a file gives. */
class FileTaskTest {
    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theTypeIsTheNameBeforeTheSeparatorElseBeforeTheFirstDot() {
        assertThat(FileTask.typeOf("email--welcome.ada.json")).isEqualTo("email");
        assertThat(FileTask.typeOf("billing.v2--march.json")).isEqualTo("billing.v2");
        assertThat(FileTask.typeOf("report.2030-01.csv")).isEqualTo("report");
        assertThat(FileTask.typeOf("README")).isEqualTo("README");
        assertThatThrownBy(() -> FileTask.typeOf("--x.json"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("task type ''");
        assertThatThrownBy(() -> FileTask.typeOf("my report.csv"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("type: ");
    }

    @Test
    void aJsonFileIsItsOwnPayloadAndOtherFilesAreWrapped() {
        assertThat(FileTask.payloadOf("a.JSON", utf8("\uFEFF{\"é\":1}"))).isEqualTo("{\"é\":1}");
        assertThat(FileTask.payloadOf("a.txt", utf8("hi")))
                .isEqualTo("{\"fileName\":\"a.txt\",\"contentBase64\":\"aGk=\"}");
        assertThatThrownBy(() -> FileTask.payloadOf("a.json", new byte[] {'"', (byte) 0xc3, '"'}))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("UTF-8");
    }

    @Test
    void theKeyFollowsNameAndContentOnly() {
        String key = FileTask.keyOf("a.json", utf8("{}"));

        assertThat(key).startsWith("file:").hasSize(5 + 64);
        assertThat(FileTask.keyOf("a.json", utf8("{}"))).isEqualTo(key);
        assertThat(FileTask.keyOf("b.json", utf8("{}"))).isNotEqualTo(key);
        assertThat(FileTask.keyOf("a.json", utf8("{ }"))).isNotEqualTo(key);
        // the separator keeps name and content apart: "ab" + "c" is not "a" + "bc"
        assertThat(FileTask.keyOf("ab", utf8("c"))).isNotEqualTo(FileTask.keyOf("a", utf8("bc")));
    }
}
