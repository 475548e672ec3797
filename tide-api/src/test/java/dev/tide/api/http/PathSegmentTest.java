package dev.tide.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PathSegmentTest {

    @ParameterizedTest
    @ValueSource(strings = {"w1", "node-1/default", "a b", "zoë", "50%+1", "x?y#z", ".", "..", "a/../b", "~_.-"})
    void aNameStaysOneSegmentAndDecodesBackToItself(String name) {
        String encoded = PathSegment.encode(name);

        URI uri = URI.create("http://host/v1/workers/")
                .resolve(encoded + "/leases")
                .normalize();

        assertThat(uri.getRawPath()).isEqualTo("/v1/workers/" + encoded + "/leases");
        assertThat(encoded).doesNotContain("/", "?", "#", " ");
        assertThat(URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8))
                .isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"email", "report.monthly", "a_b-c~d"})
    void plainNamesAreLeftAsTheyAre(String name) {
        assertThat(PathSegment.encode(name)).isEqualTo(name);
    }
}
