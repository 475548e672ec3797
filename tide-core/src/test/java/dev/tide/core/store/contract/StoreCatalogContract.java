package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Discipline;
import dev.tide.api.JobType;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.TaskType;
import dev.tide.api.UserShares;
import dev.tide.core.store.Catalog;
import dev.tide.core.store.TaskClaims;
import dev.tide.core.store.TaskInserts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The catalog in the store: task and job types, the types workers named, queues and their users. */
public abstract class StoreCatalogContract extends StoreContract {
    private TaskInserts inserts;
    private TaskClaims claims;
    private Catalog catalog;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        inserts = store;
        claims = store;
        catalog = store;
    }

    @Test
    void aTaskTypeIsInsertedThenReplacedByName() {
        catalog.taskTypeUpsert(TaskType.named("mail").withPriority(3).withMaxAttempts(5), T0);
        catalog.taskTypeUpsert(TaskType.named("sms"), T0);
        catalog.taskTypeUpsert(
                TaskType.named("mail").withMaxAttempts(9).withLeaseDuration(Duration.ofSeconds(30)), T0.plusSeconds(1));

        List<TaskType> types = catalog.taskTypeList();

        assertThat(types).extracting(TaskType::name).containsExactlyInAnyOrder("mail", "sms");
        TaskType mail =
                types.stream().filter(t -> t.name().equals("mail")).findFirst().orElseThrow();
        assertThat(mail.maxAttempts()).isEqualTo(9);
        assertThat(mail.leaseDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(mail.priority()).as("replaced whole, not merged").isNull();
    }

    @Test
    void aJobTypeRoundTripsWithItsCompletionAndAlerts() {
        JobType report = JobType.named("report")
                .withPriority(2)
                .withDefaultDuration(Duration.ofHours(2))
                .withCompletionTask("report-done")
                .withAlerts("page", List.of("ann", "bob"));
        catalog.jobTypeUpsert(report, T0);

        assertThat(catalog.jobTypeList()).containsExactly(report);
        catalog.jobTypeUpsert(JobType.named("report"), T0);
        assertThat(catalog.jobTypeList()).containsExactly(JobType.named("report"));
    }

    @Test
    void namedTypesAccumulateWithoutDuplicates() {
        catalog.namedTypeAdd(List.of("a", "b"), T0);
        catalog.namedTypeAdd(List.of("b", "c"), T0.plusSeconds(1));
        catalog.namedTypeAdd(List.of(), T0.plusSeconds(2));

        assertThat(catalog.namedTypeList()).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void waitingTasksAreCountedForTheTypesNoWorkerNamed() {
        inserts.taskInsertMany(List.of(
                task("a", T0).row(),
                task("a", T0).row(),
                task("b", T0).runAt(T0.plusSeconds(60)).row(),
                task("c", T0).row()));
        catalog.namedTypeAdd(List.of("c"), T0);

        Map<String, Long> unnamed = catalog.taskUnnamedTypeCounts();

        assertThat(unnamed).containsExactlyInAnyOrderEntriesOf(Map.of("a", 2L, "b", 1L));
    }

    @Test
    void aQueueIsDefinedThenRedefinedInPlace() {
        QueueInfo defined = catalog.queueDefine(
                QueueDefinition.named("mail").withDiscipline(Discipline.EDF).withPendingBounds(100, 5, null), T0);
        assertThat(defined.name()).isEqualTo("mail");
        assertThat(defined.discipline()).isEqualTo(Discipline.EDF);
        assertThat(defined.maxPending()).isEqualTo(100);
        assertThat(defined.maxPendingPerKey()).isEqualTo(5);
        assertThat(defined.suspended()).isFalse();

        catalog.queueDefine(QueueDefinition.named("mail").withDiscipline(Discipline.FIFO), T0.plusSeconds(1));

        assertThat(catalog.queueList()).singleElement().satisfies(q -> {
            assertThat(q.discipline()).isEqualTo(Discipline.FIFO);
            assertThat(q.maxPending()).isNull();
            assertThat(q.updatedAt()).isEqualTo(T0.plusSeconds(1));
        });
    }

    @Test
    void suspendingAnUnknownQueueDefinesIt() {
        QueueInfo suspended = catalog.queueSuspend("later", true, T0);

        assertThat(suspended.suspended()).isTrue();
        assertThat(catalog.queueList()).extracting(QueueInfo::name).containsExactly("later");
        assertThat(catalog.queueSuspend("later", false, T0).suspended()).isFalse();
    }

    @Test
    void aSuspendedQueueGivesOutNoTasks() {
        inserts.taskInsertMany(List.of(task("a", T0).row()));
        catalog.queueSuspend("default", true, T0);

        assertThat(claims.taskClaim(new dev.tide.core.store.TaskClaim(
                        "default", Set.of(), 1, "w", "t", T0, null, null, dev.tide.api.UserFilter.ANY)))
                .isEmpty();
    }

    @Test
    void usersAreAssignedAdjustedAndListedByName() {
        catalog.queueDefine(QueueDefinition.named("shared").withDiscipline(Discipline.FAIR), T0);

        List<QueueUser> assigned = catalog.userAssign("shared", new UserShares(Set.of("bob", "ann"), 3, 2, null));
        assertThat(assigned).extracting(QueueUser::user).containsExactlyInAnyOrder("ann", "bob");

        catalog.userAdjust("shared", new UserShares(Set.of("bob"), null, 7, null));

        List<QueueUser> users = catalog.userList("shared");
        assertThat(users).extracting(QueueUser::user).containsExactly("ann", "bob");
        assertThat(users.get(0).allocation()).isEqualTo(3);
        assertThat(users.get(0).concurrency()).isEqualTo(2);
        assertThat(users.get(1).allocation()).as("left as it was").isEqualTo(3);
        assertThat(users.get(1).concurrency()).isEqualTo(7);
        assertThat(catalog.userList("other")).isEmpty();
    }

    @Test
    void theProhibitedUsersAreReplacedWhole() {
        assertThat(catalog.prohibitedList()).isEmpty();

        assertThat(catalog.prohibitedReplace(Set.of("eve", "mallory"))).containsExactlyInAnyOrder("eve", "mallory");
        catalog.prohibitedReplace(Set.of("trudy"));

        assertThat(catalog.prohibitedList()).containsExactly("trudy");
    }
}
