package dev.tide.core.simulate;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a simulation's input file strictly (an unknown field is an error, as in the HTTP API), and names the offending
 * field as a path into the file ({@code workload[1].count}) when something is wrong. Unlike the HTTP API, a profile
 * entry may leave out its {@code precedence} (0).
 */
public final class SpecReader {
    private static final ObjectReader READER = Json.strict()
            .readerFor(SimulationSpec.class)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .without(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .without(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private SpecReader() {}

    public static SimulationSpec read(Path file) {
        try {
            return read(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new InvalidRequestException("input", "no file " + file);
        } catch (IOException e) {
            throw new InvalidRequestException("input", "cannot read " + file + ": " + e.getMessage());
        }
    }

    public static SimulationSpec read(String json) {
        try {
            SimulationSpec spec = READER.readValue(json);
            if (spec == null) {
                throw new InvalidRequestException("input", "is empty");
            }
            return spec;
        } catch (IOException e) {
            throw describe(e);
        }
    }

    private static InvalidRequestException describe(IOException error) {
        List<Reference> path = error instanceof JsonMappingException m ? m.getPath() : List.of();
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof InvalidRequestException refused) {
                // a record's constructor refused a value; its field is relative to the object it was building
                String problem = refused.getMessage().substring(refused.field().length() + 2);
                return new InvalidRequestException(join(path, refused.field()), problem);
            }
        }
        String field = path.isEmpty() ? "input" : render(path);
        if (error instanceof UnrecognizedPropertyException) {
            return new InvalidRequestException(field, "is not a field here");
        }
        String message = error instanceof JacksonException j && j.getOriginalMessage() != null
                ? j.getOriginalMessage()
                : String.valueOf(error.getMessage());
        return new InvalidRequestException(
                field, "is not valid: " + message.lines().findFirst().orElse(""));
    }

    /** Puts a constructor's field under the path, dropping the path's last segment when the field repeats it. */
    private static String join(List<Reference> path, String field) {
        List<Reference> prefix = new ArrayList<>(path);
        String first = field.split("[.\\[]", 2)[0];
        if (!prefix.isEmpty() && first.equals(prefix.get(prefix.size() - 1).getFieldName())) {
            prefix.remove(prefix.size() - 1);
        }
        String rendered = render(prefix);
        return rendered.isEmpty() ? field : rendered + "." + field;
    }

    private static String render(List<Reference> path) {
        StringBuilder out = new StringBuilder();
        for (Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }
}
