package dev.tide.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The name check written out by hand answers as the documented pattern ({@link TaskType#NAME}) does. */
class TaskTypeNameProperties {
    @Property
    void agreesWithThePatternOnNamesAndNearNames(
            @ForAll @StringLength(max = 102) @CharRange(from = ' ', to = '~') @Chars({'é', '\u0000', 'ß'})
                    String value) {
        assertThat(TaskType.isName(value))
                .isEqualTo(TaskType.NAME.matcher(value).matches());
    }

    @Property
    void agreesWithThePatternOnAllowedCharacters(
            @ForAll @StringLength(max = 103) @CharRange(from = 'a', to = 'z') @Chars({'.', '_', ':', '-', 'Q', '7'})
                    String value) {
        assertThat(TaskType.isName(value))
                .isEqualTo(TaskType.NAME.matcher(value).matches());
    }

    @Test
    void aBadNameIsRefusedNamingTheField() {
        assertThatThrownBy(() -> TaskType.requireName("type", "a b"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("type")
                .hasMessageContaining("'a b' must be 1 to 100 letters, digits or . _ : -");
        assertThat(TaskType.requireName("type", "x".repeat(100))).hasSize(100);
        assertThatThrownBy(() -> TaskType.requireName("type", "x".repeat(101)))
                .isInstanceOf(InvalidRequestException.class);
    }
}
