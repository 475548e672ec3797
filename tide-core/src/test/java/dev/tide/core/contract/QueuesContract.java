package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.Discipline;
import dev.tide.api.EventQuery;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.Queues;
import dev.tide.api.TideEvent;
import dev.tide.api.UserShares;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Queues}, embedded and over HTTP alike: definitions, suspension of one queue or all, users' shares and the
 * server-wide prohibited users, each change recorded in the event log. How the disciplines order tasks is the queue
 * contracts' ({@link TaskQueueContract}, {@link FairQueueContract}).
 */
public abstract class QueuesContract extends ManualQueueContract {
    private Queues queues;

    @BeforeEach
    void openQueues() {
        queues = queue.queues();
    }

    @Test
    void aQueueIsDefinedListedByNameAndChangedInPlace() {
        QueueInfo fair = queues.define(QueueDefinition.named("zeta").withDiscipline(Discipline.FAIR));
        queues.define(QueueDefinition.named("alpha").withDiscipline(Discipline.FIFO));

        assertThat(fair.name()).isEqualTo("zeta");
        assertThat(fair.discipline()).isEqualTo(Discipline.FAIR);
        assertThat(queues.list()).extracting(QueueInfo::name).containsExactly("alpha", "zeta");

        QueueInfo changed = queues.define(QueueDefinition.named("zeta").withDiscipline(Discipline.EDF));
        assertThat(changed.discipline()).isEqualTo(Discipline.EDF);
        assertThat(queues.list()).extracting(QueueInfo::discipline).containsExactly(Discipline.FIFO, Discipline.EDF);
        assertThat(queue.monitoring().events(EventQuery.recent().withKind(TideEvent.QUEUE_DEFINED)))
                .extracting(TideEvent::queue)
                .containsExactly("zeta", "alpha", "zeta");
    }

    @Test
    void suspendingAQueueDefinesItAndStopsOnlyItsDispatch() {
        queue.enqueue(NewTask.builder("t").queue("held").build());
        queue.enqueue(NewTask.builder("t").build());

        QueueInfo held = queues.suspend("held");

        assertThat(held.suspended()).isTrue();
        assertThat(held.discipline()).isEqualTo(Discipline.PRIORITY);
        assertThat(queue.claim(ClaimRequest.of("held", "w", 10))).isEmpty();
        assertThat(queue.claim(ClaimRequest.of("default", "w", 10))).hasSize(1);
        assertThat(queues.resume("held").suspended()).isFalse();
        assertThat(queue.claim(ClaimRequest.of("held", "w", 10))).hasSize(1);
        assertThat(queue.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .contains(TideEvent.SUSPENDED, TideEvent.RESUMED);
    }

    @Test
    void suspendingAllAnswersWithTheStatusAndKeepsAQueuesOwnSuspension() {
        queues.suspend("held");
        queue.enqueue(NewTask.builder("t").build());

        assertThat(queues.suspendAll().suspended()).isTrue();
        assertThat(queue.monitoring().status().suspended()).isTrue();
        assertThat(queue.claim(ClaimRequest.of("default", "w", 10))).isEmpty();

        assertThat(queues.resumeAll().suspended()).isFalse();
        assertThat(queue.claim(ClaimRequest.of("default", "w", 10))).hasSize(1);
        assertThat(queues.list())
                .singleElement()
                .satisfies(q -> assertThat(q.suspended()).isTrue());
    }

    @Test
    void usersAreAssignedSharesThenAdjustedFieldByField() {
        queues.define(QueueDefinition.named("fair").withDiscipline(Discipline.FAIR));

        assertThat(queues.assignUsers("fair", new UserShares(Set.of("ada"), 3, 2)))
                .singleElement()
                .satisfies(u -> {
                    assertThat(u.user()).isEqualTo("ada");
                    assertThat(u.allocation()).isEqualTo(3);
                    assertThat(u.concurrency()).isEqualTo(2);
                });
        queues.adjustUsers("fair", new UserShares(Set.of("ada"), 5, null));

        assertThat(queues.users("fair")).singleElement().satisfies(u -> {
            assertThat(u.allocation()).isEqualTo(5);
            assertThat(u.concurrency()).as("kept").isEqualTo(2);
        });
        queues.assignUsers("fair", new UserShares(Set.of("ada"), null, null));
        assertThat(queues.users("fair")).singleElement().satisfies(u -> {
            assertThat(u.allocation()).as("the queue's default again").isNull();
            assertThat(u.concurrency()).isNull();
        });
        assertThat(queue.monitoring().events(EventQuery.recent()))
                .extracting(TideEvent::kind)
                .contains(TideEvent.USERS_ASSIGNED, TideEvent.USERS_ADJUSTED);
    }

    @Test
    void anAdjustmentMustChangeSomething() {
        assertThatThrownBy(() -> queues.adjustUsers("fair", new UserShares(Set.of("ada"), null, null)))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("shares"));
    }

    @Test
    void theProhibitedUsersAreReplacedWhole() {
        assertThat(queues.prohibitedUsers()).isEmpty();

        assertThat(queues.prohibitUsers(Set.of("ada", "bob"))).containsExactlyInAnyOrder("ada", "bob");
        assertThat(queues.prohibitUsers(Set.of("bob"))).containsExactly("bob");

        assertThat(queues.prohibitedUsers()).containsExactly("bob");
        assertThat(queue.monitoring().events(EventQuery.recent().withKind(TideEvent.USERS_PROHIBITED)))
                .hasSize(2);
    }

    @Test
    void badQueueNamesAreRefusedNamingTheField() {
        assertThatThrownBy(() -> queues.suspend("no/slash"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
        assertThatThrownBy(() -> queues.users("a b"))
                .isInstanceOfSatisfying(
                        InvalidRequestException.class,
                        e -> assertThat(e.field()).isEqualTo("queue"));
        assertThat(queues.list()).isEmpty();
    }
}
