package dev.tide.spring;

import dev.tide.api.ClaimRequest;
import dev.tide.api.LeasedTask;
import dev.tide.api.UserFilter;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.core.Tide;
import dev.tide.core.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Tide in an application's own tests ({@code tide.test-support.enabled=true}): the engine runs on a clock that moves
 * only when the test says, the worker pools are off, and {@link #runReadyTasks()} runs what is ready on the test's
 * thread with the application's handlers, as db-scheduler's {@code ManualScheduler} does.
 *
 * <pre>{@code
 * @SpringBootTest(properties = "tide.test-support.enabled=true")
 * class ReminderTest {
 *     @Autowired TideTestSupport tide;
 *
 *     @Test void remindsAnHourLater() {
 *         service.scheduleReminder();          // enqueues a task due in one hour
 *         assertThat(tide.runReadyTasks()).isZero();
 *         tide.advance(Duration.ofHours(1));
 *         assertThat(tide.runReadyTasks()).isEqualTo(1);
 *     }
 * }
 * }</pre>
 */
public final class TideTestSupport {
    /** Runs beyond this many tasks in one call mean handlers keep enqueueing each other: the call stops and says so. */
    static final int MAX_RUNS = 10_000;

    private static final String WORKER = "tide-test-support";

    private final Tide tide;
    private final ManualClock clock;
    private final TideHandlerCollector handlers;

    public TideTestSupport(Tide tide, ManualClock clock, TideHandlerCollector handlers) {
        this.tide = tide;
        this.clock = clock;
        this.handlers = handlers;
    }

    /** The engine's clock: set it, or move it with {@link #advance}. */
    public ManualClock clock() {
        return clock;
    }

    public Instant now() {
        return clock.instant();
    }

    /** Moves the clock forward; tasks that come due run at the next {@link #runReadyTasks()}. */
    public Instant advance(Duration by) {
        return clock.advance(by);
    }

    /**
     * Runs every ready task that has a handler, one at a time on the calling thread, and acknowledges each with what its
     * handler decided, until none is left ready: follow-up tasks they enqueue run too, retries only once their backoff
     * has passed on the clock. Tasks due later stay until the clock reaches them. Returns how many ran.
     */
    public int runReadyTasks() {
        int runs = 0;
        boolean ranAny = true;
        while (ranAny) {
            tide.passes().runMaintenance(); // promotes tasks that came due on the clock
            ranAny = false;
            for (Map.Entry<String, HandlerRegistry> queue : handlers.byQueue().entrySet()) {
                for (LeasedTask task : claimOne(queue.getKey(), queue.getValue())) {
                    queue.getValue().runAndAcknowledge(task, tide);
                    ranAny = true;
                    if (++runs >= MAX_RUNS) {
                        throw new IllegalStateException("ran " + runs + " tasks in one runReadyTasks() and more are "
                                + "ready: do handlers keep enqueueing each other?");
                    }
                }
            }
        }
        return runs;
    }

    private List<LeasedTask> claimOne(String queue, HandlerRegistry registry) {
        return tide.claim(new ClaimRequest(
                queue, WORKER, 1, registry.types(), null, Duration.ZERO, null, UserFilter.ANY, null, null));
    }
}
