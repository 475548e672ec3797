package dev.tide.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Lease;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.TaskInfo;
import dev.tide.api.worker.HandlerRegistry;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskFailure;
import dev.tide.core.Tide;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Handler methods run against a real engine: each parameter kind resolved, the outcome turned into the ack. */
class HandlerMethodTest {
    @TempDir
    Path folder;

    private Tide tide;

    @BeforeEach
    void open() {
        tide = Tide.builder().sqlite(folder).build();
    }

    @AfterEach
    void close() {
        tide.close();
    }

    record Order(String id, int quantity) {}

    /** The handlers under test, with what they saw. */
    static final class Handlers {
        Object seen;

        String record(Order order, TaskInfo task, Lease lease) {
            seen = List.of(order, task.type(), lease.taskId() == task.id());
            return order.id() + " x" + order.quantity();
        }

        void text(TaskContext context, String json) {
            seen = json;
            context.message("read as text");
        }

        void tree(JsonNode payload) {
            seen = payload.path("id").asText();
        }

        Object map(Map<String, Object> payload) {
            seen = payload.get("quantity");
            return null;
        }

        void refuse(Order order) throws TaskFailure {
            throw new TaskFailure("order " + order.id() + " cannot be filled");
        }

        void stumble(Order order) {
            throw new IllegalStateException("warehouse busy");
        }

        void twoPayloads(Order order, String json) {}

        void primitive(int quantity) {}

        void generic(List<Order> orders) {}
    }

    private final Handlers handlers = new Handlers();

    private TaskInfo run(String method) throws Exception {
        Method m = java.util.Arrays.stream(Handlers.class.getDeclaredMethods())
                .filter(d -> d.getName().equals(method))
                .findFirst()
                .orElseThrow();
        tide.enqueue(NewTask.of("order", new Order("A-1", 3)));
        LeasedTask leased = tide.claim(ClaimRequest.of(null, "test", 1)).get(0);
        Ack ack = HandlerRegistry.of("order", HandlerMethod.of(handlers, m, method))
                .run(leased, tide);
        tide.ackAll(List.of(ack));
        return tide.task(leased.id());
    }

    @Test
    void aRecordPayloadIsBoundBesideTheTaskAndItsLeaseAndTheReturnIsKept() throws Exception {
        TaskInfo done = run("record");
        assertThat(handlers.seen).isEqualTo(List.of(new Order("A-1", 3), "order", true));
        assertThat(done.result()).isEqualTo("\"A-1 x3\"");
    }

    @Test
    void aStringPayloadIsTheJsonTextAndTheContextSetsTheMessage() throws Exception {
        TaskInfo done = run("text");
        assertThat(handlers.seen).isEqualTo("{\"id\":\"A-1\",\"quantity\":3}");
        assertThat(done.message()).isEqualTo("read as text");
        assertThat(done.result()).isNull();
    }

    @Test
    void jsonNodeAndMapPayloadsAreParsedAndANullReturnKeepsNoResult() throws Exception {
        run("tree");
        assertThat(handlers.seen).isEqualTo("A-1");
        TaskInfo done = run("map");
        assertThat(handlers.seen).isEqualTo(3);
        assertThat(done.result()).isNull();
    }

    @Test
    void taskFailureFailsTheTaskForGoodAndOtherExceptionsFailTheAttempt() throws Exception {
        TaskInfo refused = run("refuse");
        assertThat(refused.outcome()).isEqualTo(dev.tide.api.Outcome.FAILED);
        assertThat(refused.message()).contains("order A-1 cannot be filled");

        TaskInfo stumbled = run("stumble");
        assertThat(stumbled.state()).isEqualTo(dev.tide.api.TaskState.SCHEDULED);
        assertThat(stumbled.message()).isEqualTo("IllegalStateException: warehouse busy");
    }

    @Test
    void methodsBreakingTheRulesAreRefusedWithTheirNameAndWhy() {
        assertThatThrownBy(() -> run("twoPayloads"))
                .hasMessage("@TideHandler twoPayloads takes two payloads (order and json); a handler takes at most "
                        + "one, with TaskContext, TaskInfo and Lease");
        assertThatThrownBy(() -> run("primitive")).hasMessageContaining("takes its payload as int");
        assertThatThrownBy(() -> run("generic"))
                .hasMessageContaining("takes its payload as java.util.List<dev.tide.spring.HandlerMethodTest$Order>");
    }
}
