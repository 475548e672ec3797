package dev.tide.spring.starter.app;

import dev.tide.api.TaskInfo;
import dev.tide.spring.TideHandler;
import org.springframework.stereotype.Component;

/** A @TideHandler method: the payload bound to a record, the task's details beside it, the return kept as result. */
@Component
public class Greeter {

    /** A greeting's payload. */
    public record Greeting(String name) {}

    @TideHandler("greet")
    String greet(Greeting greeting, TaskInfo task) {
        return "hello " + greeting.name() + " (attempt " + (task.attempts()) + ")";
    }
}
