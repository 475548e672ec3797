package dev.tide.api.worker;

import java.util.Map;

/**
 * Handlers that a Tide server offers to its local processors ({@link dev.tide.api.ProcessorKind#LOCAL}): the service
 * interface of plugin jars. A server finds implementations with {@link java.util.ServiceLoader} in the jars of its
 * plugins folder and on its class path; register yours in {@code META-INF/services/dev.tide.api.worker.HandlerPlugin}.
 *
 * <p>Loading a plugin runs nothing: a processor defined and started at runtime takes the handlers of its task types
 * from the plugins. A plugin jar needs only {@code tide-api} to compile.
 *
 * <pre>{@code
 * public final class MailPlugin implements HandlerPlugin {
 *     public Map<String, TaskHandler> handlers() {
 *         return Map.of("email", ctx -> Mailer.send(ctx.payload(Email.class)));
 *     }
 * }
 * }</pre>
 */
public interface HandlerPlugin {
    /** Handlers by task type; called once, when the server loads its plugins. */
    Map<String, TaskHandler> handlers();
}
