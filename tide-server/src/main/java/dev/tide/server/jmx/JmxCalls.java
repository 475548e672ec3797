package dev.tide.server.jmx;

import dev.tide.api.Actor;
import dev.tide.api.TideException;
import java.security.Principal;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;
import javax.security.auth.Subject;

/**
 * How the beans call the engine. An operation that changes something runs as the actor {@code jmx:<principal>} (the
 * connector's authenticated principal, or {@code local} without one), so the event log says it came through JMX and
 * from whom. Tide's own exceptions are turned into {@link IllegalArgumentException}s with the same message: a JMX
 * client (jconsole) has no Tide classes to read them with.
 */
final class JmxCalls {
    private JmxCalls() {}

    /** Runs an operation that changes something, as the JMX actor. */
    @SuppressWarnings("try") // the Actor.Scope names who acts inside it; never read
    static <T> T change(Supplier<T> operation) {
        try (Actor.Scope as = Actor.enter(actor())) {
            return read(operation);
        }
    }

    static void change(Runnable operation) {
        change(() -> {
            operation.run();
            return null;
        });
    }

    /** Runs an operation that only reads. */
    static <T> T read(Supplier<T> operation) {
        try {
            return operation.get();
        } catch (TideException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** {@code jmx:} and the first principal of the calling subject, or {@code jmx:local}. */
    static String actor() {
        Subject subject = Subject.current();
        if (subject != null) {
            for (Principal principal : subject.getPrincipals()) {
                return "jmx:" + principal.getName();
            }
        }
        return "jmx:local";
    }

    /** User names separated by commas or spaces, as seed 004's operations take them; blanks dropped. */
    static Set<String> names(String text) {
        if (text == null || text.isBlank()) {
            return Set.of();
        }
        Set<String> names = new LinkedHashSet<>();
        Arrays.stream(text.split("[,\\s]+")).filter(n -> !n.isEmpty()).forEach(names::add);
        return names;
    }

    /** Names as one text, comma-separated, sorted. */
    static String text(Collection<String> names) {
        return String.join(", ", names.stream().sorted().toList());
    }
}
