package dev.tide.spring.starter.app;

import dev.tide.api.worker.TaskHandler;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** The application the starters' tests run: a handler method, a handler bean, and Tide from the starter. */
@SpringBootApplication
public class StarterTestApplication {

    /** A TaskHandler bean: handles the task type named like the bean ("count"). */
    @Bean
    TaskHandler count() {
        return context -> context.result(context.payload(java.util.Map.class).size());
    }
}
