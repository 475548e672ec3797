package dev.tide.api;

/**
 * Who is acting, for the event log's record of administrators' actions: the HTTP server sets it from each request's
 * {@value #HEADER} header, {@code TideClient} sends it, the {@code tide} command sets the operating system's user.
 * Unset (null) in an embedded call. It is what the caller says; a server puts its authenticated caller first.
 *
 * <pre>{@code
 * try (Actor.Scope as = Actor.enter("ops:ada")) {
 *     tide.queues().suspend("mail");
 * }
 * }</pre>
 */
public final class Actor {
    /** The HTTP request header that names the actor. */
    public static final String HEADER = "Tide-Actor";

    /** The longest actor name kept; longer ones are cut. */
    public static final int MAX_LENGTH = 200;

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private Actor() {}

    /** The actor of this thread's calls, or null. */
    public static String current() {
        return CURRENT.get();
    }

    /** Names the actor of this thread's calls until the scope is closed (blank or null: unknown). */
    public static Scope enter(String name) {
        String previous = CURRENT.get();
        String trimmed = name == null ? null : name.strip();
        if (trimmed != null && trimmed.length() > MAX_LENGTH) {
            trimmed = trimmed.substring(0, MAX_LENGTH);
        }
        CURRENT.set(trimmed == null || trimmed.isEmpty() ? null : trimmed);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** Restores the actor that was current before {@link #enter}. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
