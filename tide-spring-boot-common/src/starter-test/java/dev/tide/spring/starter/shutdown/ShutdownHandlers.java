package dev.tide.spring.starter.shutdown;

import dev.tide.spring.TideHandler;
import java.util.concurrent.CountDownLatch;
import org.springframework.context.annotation.Configuration;

/** Handlers that are running when the application stops: one finishes within the timeout, one would never finish. */
@Configuration(proxyBeanMethods = false)
public class ShutdownHandlers {
    public static final CountDownLatch STARTED = new CountDownLatch(2);

    @TideHandler("slow")
    String slow() throws InterruptedException {
        STARTED.countDown();
        Thread.sleep(400);
        return "finished";
    }

    @TideHandler("stuck")
    void stuck() throws InterruptedException {
        STARTED.countDown();
        new CountDownLatch(1).await(); // until the pool gives up on it and interrupts it
    }
}
