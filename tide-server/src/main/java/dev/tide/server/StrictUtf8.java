package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes a request body as UTF-8, refusing what is not: an overlong form ({@code C0 AF} for {@code /}), an encoded
 * surrogate, a truncated sequence, a stray continuation byte. A lenient decoder (Jackson's among them) turns an overlong
 * form into the character it spells, so a body could smuggle a {@code /} or a quote past a check made on its bytes.
 */
final class StrictUtf8 {
    private StrictUtf8() {}

    static String decode(String field, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new InvalidRequestException(
                    field, "is not valid UTF-8: byte " + in.position() + " begins a malformed sequence");
        }
        return out.flip().toString();
    }
}
