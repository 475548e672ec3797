package dev.tide.server.intake;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.TaskType;
import dev.tide.api.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The task a file stands for. Its owner is the user folder, its queue the queue folder; its type comes from the name:
 * {@code <type>--<anything>} (e.g. {@code email--welcome-ada.json}), else the name up to its first dot
 * ({@code report.csv} is a {@code report}). A {@code .json} file's content is the payload as it is; any other file is
 * wrapped as {@code {"fileName":..., "contentBase64":...}}.
 *
 * <p>The idempotency key is {@code file:} and the SHA-256 of the name and the content: the same file found again (after
 * a crash between enqueue and move, or by a second node) answers with the task it already made.
 */
final class FileTask {
    /** Ends the task type in a file name. */
    static final String TYPE_SEPARATOR = "--";

    private static final String JSON_EXTENSION = ".json";
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private FileTask() {}

    /** @throws InvalidRequestException when the name gives no valid type, or a {@code .json} file is not UTF-8 */
    static NewTask of(InboxFile file, byte[] content) {
        String name = file.name();
        return NewTask.builder(typeOf(name))
                .queue(file.queue())
                .owner(file.user())
                .payloadJson(payloadOf(name, content))
                .idempotencyKey(keyOf(name, content))
                .build();
    }

    static String typeOf(String name) {
        int separator = name.indexOf(TYPE_SEPARATOR);
        int dot = name.indexOf('.');
        String type = separator >= 0 ? name.substring(0, separator) : dot >= 0 ? name.substring(0, dot) : name;
        try {
            return TaskType.requireName("type", type);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException(
                    "type",
                    "the file name gives the task type '" + type + "', which must be 1 to 100 letters, digits or"
                            + " . _ : - (name files <type>" + TYPE_SEPARATOR + "<anything>)");
        }
    }

    /** The payload as JSON text; the engine checks that a {@code .json} file's content is JSON. */
    static String payloadOf(String name, byte[] content) {
        if (name.toLowerCase(Locale.ROOT).endsWith(JSON_EXTENSION)) {
            String text = utf8(content);
            return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("fileName", name);
        wrapped.put("contentBase64", Base64.getEncoder().encodeToString(content));
        return Json.write(wrapped);
    }

    static String keyOf(String name, byte[] content) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(name.getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) 0);
            sha256.update(content);
            return "file:" + HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String utf8(byte[] content) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidRequestException("payload", "a .json file must be UTF-8 text: " + e.getMessage());
        }
    }
}
