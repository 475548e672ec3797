package dev.tide.api;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A path into a JSON document as the task list's payload filter takes it: {@code customer.id},
 * {@code $.customer.id} or {@code items[0].sku}. Names are letters, digits, {@code _} and {@code -} (not starting
 * with a digit or {@code -}); array indexes are whole numbers. Narrow on purpose: every path is spelt the same way in
 * SQLite's {@code $.a.b} form and PostgreSQL's {@code {a,b}} form without quoting.
 *
 * @param steps the names (String) and array indexes (Integer) from the root
 */
public record JsonPath(List<Object> steps) {
    /** At most this many steps. */
    public static final int MAX_STEPS = 16;

    private static final Pattern STEP = Pattern.compile("([A-Za-z_][A-Za-z0-9_-]{0,63})((?:\\[[0-9]{1,6}])*)");
    private static final Pattern INDEX = Pattern.compile("\\[([0-9]+)]");

    public JsonPath {
        steps = List.copyOf(steps);
    }

    /** The path, or {@link InvalidRequestException} naming {@code field}. */
    public static JsonPath parse(String field, String text) {
        String body = text.startsWith("$.") ? text.substring(2) : text;
        List<Object> steps = new ArrayList<>();
        for (String part : body.split("\\.", -1)) {
            Matcher m = STEP.matcher(part);
            if (!m.matches()) {
                throw new InvalidRequestException(
                        field,
                        "'" + text + "' is not a JSON path like customer.id or $.items[0].sku (names of letters,"
                                + " digits, _ and -, and [n] indexes)");
            }
            steps.add(m.group(1));
            Matcher index = INDEX.matcher(m.group(2));
            while (index.find()) {
                steps.add(Integer.parseInt(index.group(1)));
            }
        }
        if (steps.size() > MAX_STEPS) {
            throw new InvalidRequestException(field, "has more than " + MAX_STEPS + " steps");
        }
        return new JsonPath(steps);
    }

    /** The {@code $.a.b[0]} form (SQLite's). */
    public String text() {
        StringBuilder out = new StringBuilder("$");
        for (Object step : steps) {
            out.append(step instanceof Integer i ? "[" + i + "]" : "." + step);
        }
        return out.toString();
    }

    /** The {@code {a,b,0}} form (PostgreSQL's text array for {@code #>}). */
    public String pgArray() {
        StringBuilder out = new StringBuilder("{");
        for (Object step : steps) {
            out.append(out.length() > 1 ? "," : "").append(step);
        }
        return out.append('}').toString();
    }
}
