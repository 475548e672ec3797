package dev.tide.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a bean method the handler of one task type, run by the application's worker pools:
 *
 * <pre>{@code
 * @TideHandler("email")
 * void send(Email email) { ... }            // the payload, bound by Jackson
 * }</pre>
 *
 * <p>A method may take, in any order: the payload (once: {@code String} for its JSON text, Jackson's {@code JsonNode},
 * or any type Jackson binds, such as a record), {@link dev.tide.api.worker.TaskContext} (to set a result, enqueue
 * follow-ups with the acknowledgement, fail or retry), {@link dev.tide.api.TaskInfo} and {@link dev.tide.api.Lease}.
 * What it returns (unless {@code void} or null) is kept as the task's JSON result. Returning succeeds the task;
 * throwing {@link dev.tide.api.worker.TaskFailure} fails it for good; any other exception fails the attempt, retried
 * after its backoff. The application refuses to start on a method that breaks these rules, naming it.
 *
 * <p>On a class implementing {@link dev.tide.api.worker.TaskHandler}, names the task type of that bean (without it, a
 * {@code TaskHandler} bean handles the type named like the bean).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface TideHandler {
    /** The task type handled. */
    String value();

    /** The queue whose worker pool runs this handler. */
    String queue() default dev.tide.api.NewTask.DEFAULT_QUEUE;
}
