package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Ack;
import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.LeasedTask;
import dev.tide.api.NewTask;
import dev.tide.api.ProcessorDefinition;
import dev.tide.api.ProcessorKind;
import dev.tide.api.QueueDefinition;
import dev.tide.api.UserFilter;
import dev.tide.api.UserShares;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's selection rules as its operators use them: Submission Processors defined with required, excluded and
 * preferred users, the server's prohibited users, and per-user allocation and concurrency, all set through the
 * administration API while workers claim under the processors. Each rule quotes the seed.
 */
public abstract class ProcessorSelectionContract extends ManualQueueContract {
    private static final String METADATA = "metadata";

    @BeforeEach
    void metadataQueue() {
        queue.queues().define(QueueDefinition.named(METADATA).withDiscipline(Discipline.FAIR));
    }

    private void processor(String name, UserFilter users) {
        queue.processors()
                .define(ProcessorDefinition.named(name)
                        .withKind(ProcessorKind.REMOTE)
                        .withQueue(METADATA)
                        .withUsers(users));
        queue.processors().start(name);
    }

    private void enqueue(String user, int n) {
        for (int i = 0; i < n; i++) {
            queue.enqueue(NewTask.builder("deposit").queue(METADATA).owner(user).build());
        }
    }

    private List<LeasedTask> claim(String processor, int limit) {
        return queue.claim(ClaimRequest.under(processor, "sp-" + processor, limit));
    }

    /** The owners of what one processor takes one task at a time, each acknowledged at once, until nothing is left. */
    private String drain(String processor) {
        StringBuilder owners = new StringBuilder();
        while (true) {
            List<LeasedTask> got = claim(processor, 1);
            if (got.isEmpty()) {
                return owners.toString();
            }
            owners.append(got.getFirst().task().owner());
            queue.ack(Ack.succeed(got.getFirst().lease()));
        }
    }

    private static String owners(List<LeasedTask> tasks) {
        return tasks.stream().map(t -> t.task().owner()).sorted().collect(Collectors.joining());
    }

    @Test
    void requiredUsersOnlyAndNothingWhenNoneOfThemHasATask() {
        // "If no items in the queue satisfy these criteria, don't return anything."
        processor("springer-sp", UserFilter.requiring("s"));
        enqueue("a", 2);
        assertThat(claim("springer-sp", 10)).isEmpty();
        enqueue("s", 2);
        assertThat(owners(claim("springer-sp", 10))).isEqualTo("ss");
    }

    @Test
    void excludedUsersAreNeverServed() {
        processor("not-b", UserFilter.excluding("b"));
        enqueue("a", 2);
        enqueue("b", 2);
        enqueue("c", 1);
        assertThat(drain("not-b")).isEqualTo("aca");
    }

    @Test
    void preferredUsersFirstThenTheNextRoundRobinUser() {
        // "If no preferred user has a pending submission to deposit then the next, non-prohibited, round-robin
        // user's submission is given."
        processor("prefers-p", new UserFilter(Set.of(), Set.of(), List.of("p")));
        enqueue("a", 2);
        enqueue("b", 2);
        enqueue("p", 2);
        assertThat(drain("prefers-p")).isEqualTo("ppabab");
    }

    @Test
    void prohibitedUsersNeedAProcessorOfTheirOwn() {
        // "For these users an SP must require the user to be allocated a user's submission."
        processor("general", UserFilter.ANY);
        processor("prefers-creftest", new UserFilter(Set.of(), Set.of(), List.of("creftest")));
        processor("creftest-sp", UserFilter.requiring("creftest"));
        queue.queues().prohibitUsers(Set.of("creftest"));
        enqueue("creftest", 2);
        enqueue("a", 1);

        assertThat(owners(claim("general", 10))).isEqualTo("a");
        assertThat(claim("prefers-creftest", 10))
                .as("prohibited users are not preferred")
                .isEmpty();
        assertThat(owners(claim("creftest-sp", 10))).isEqualTo("creftestcreftest");
    }

    @Test
    void allocationsChangedAtRuntimeDecideTheNextRounds() {
        // "Each user gets one submission allocated to an SP per round-robin cycle. This allocation can be changed
        // for all users and by specific users."
        processor("general", UserFilter.ANY);
        enqueue("a", 6);
        enqueue("b", 6);
        assertThat(drain("general").substring(0, 4)).isEqualTo("abab");

        enqueue("a", 6);
        enqueue("b", 2);
        queue.queues().adjustUsers(METADATA, new UserShares(Set.of("a"), 3, null, null));
        assertThat(drain("general")).isEqualTo("abaaabaa");

        // "Setting the allocations to 0 will effectively exclude the user from round-robin submission distribution."
        queue.queues().adjustUsers(METADATA, new UserShares(Set.of("a"), 0, null, null));
        enqueue("a", 1);
        enqueue("b", 1);
        assertThat(drain("general")).isEqualTo("b");
        processor("a-sp", UserFilter.requiring("a"));
        assertThat(drain("a-sp")).as("a required processor still serves it").isEqualTo("a");
    }

    @Test
    void concurrencyCapsAUserAcrossEveryProcessorRequiredOrNot() {
        // "This ensures that no one user will have submissions being deposited on all the SPs. Concurrency affects
        // both round-robin and required user submission distribution."
        processor("sp-1", UserFilter.ANY);
        processor("sp-2", UserFilter.ANY);
        processor("a-sp", UserFilter.requiring("a"));
        queue.queues().adjustUsers(METADATA, new UserShares(Set.of("a"), null, 2, null));
        enqueue("a", 6);
        enqueue("b", 2);

        List<LeasedTask> held = new ArrayList<>(claim("sp-1", 1));
        held.addAll(claim("sp-2", 10));
        held.addAll(claim("a-sp", 10));
        assertThat(owners(held)).isEqualTo("aabb");

        // "Setting concurrency to 0 will effectively prohibit the user's submissions from being processed."
        held.forEach(t -> queue.ack(Ack.succeed(t.lease())));
        queue.queues().adjustUsers(METADATA, new UserShares(Set.of("a"), null, 0, null));
        assertThat(claim("a-sp", 10)).isEmpty();
        assertThat(claim("sp-1", 10)).isEmpty();
        queue.queues().adjustUsers(METADATA, new UserShares(Set.of("a"), null, 1, null));
        assertThat(owners(claim("a-sp", 10))).isEqualTo("a");
    }
}
