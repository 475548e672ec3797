package dev.tide.core.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tide.api.ClaimRequest;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import dev.tide.api.PendingLimitException;
import dev.tide.api.SubmitRateException;
import dev.tide.api.TaskQuery;
import dev.tide.api.auth.AccountDefaults;
import dev.tide.api.auth.Accounts;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Per-user admission across every queue: a user's pending limit and its submissions per minute, its own or the
 * server's default, refused with nothing written, and changed at runtime. Tasks without an owner are not limited.
 */
public abstract class AdmissionContract extends ManualQueueContract {
    private Accounts accounts;

    @BeforeEach
    void openAccounts() {
        accounts = fixture.accounts();
    }

    private static NewTask task(String owner, String queue) {
        return NewTask.builder("t").owner(owner).queue(queue).build();
    }

    private int tasksOf(String owner) {
        return fixture.engine()
                .tasks(TaskQuery.all().withOwner(owner).withLimit(TaskQuery.MAX_LIMIT))
                .items()
                .size();
    }

    @Test
    void aUsersPendingLimitSpansEveryQueue() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(3, null));
        queue.enqueue(task("ada", "a"));
        queue.enqueue(task("ada", "b"));
        queue.enqueue(task("ada", "c"));

        assertThatThrownBy(() -> queue.enqueue(task("ada", "d")))
                .isInstanceOfSatisfying(PendingLimitException.class, e -> {
                    assertThat(e.bound()).isEqualTo(PendingLimitException.Bound.ACCOUNT);
                    assertThat(e.limit()).isEqualTo(3);
                    assertThat(e.user()).isEqualTo("ada");
                    assertThat(e.queue()).isNull();
                    assertThat(e.httpStatus()).isEqualTo(429);
                });
        assertThat(tasksOf("ada")).isEqualTo(3);
        queue.enqueue(task("bob", "a"));
        queue.enqueue(NewTask.of("t", null)); // no owner: not limited

        var leased = queue.claim(ClaimRequest.of("a", "w", 1));
        assertThat(leased).hasSize(1);
        assertThat(leased.get(0).task().owner()).isEqualTo("ada");
        assertThat(queue.enqueue(task("ada", "d")).created())
                .as("a leased task is no longer pending")
                .isTrue();
    }

    @Test
    void aBatchOrJobPastTheLimitIsRefusedWhole() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(2, null));
        queue.enqueue(task("ada", "a"));

        assertThatThrownBy(() -> queue.enqueueAll(List.of(task("ada", "a"), task("ada", "b"))))
                .isInstanceOf(PendingLimitException.class);
        assertThatThrownBy(() -> queue.createJob(NewJob.builder("j")
                        .owner("ada")
                        .tasks(List.of(NewTask.of("t", null), NewTask.of("t", null)))
                        .build()))
                .isInstanceOf(PendingLimitException.class);
        assertThat(tasksOf("ada")).isEqualTo(1);
    }

    @Test
    void theDefaultAppliesToUsersWithoutTheirOwn() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(5, null));
        assertThat(accounts.setAccountDefaults(new AccountDefaults(1, null))).isEqualTo(new AccountDefaults(1, null));
        assertThat(accounts.accountDefaults().pendingLimit()).isEqualTo(1);

        queue.enqueue(task("carl", "a")); // no account of its own: the default
        assertThatThrownBy(() -> queue.enqueue(task("carl", "a"))).isInstanceOf(PendingLimitException.class);
        for (int i = 0; i < 5; i++) {
            queue.enqueue(task("ada", "a"));
        }
        assertThatThrownBy(() -> queue.enqueue(task("ada", "a"))).isInstanceOf(PendingLimitException.class);

        accounts.setAccountDefaults(AccountDefaults.NONE);
        accounts.setLimits("ada", null, null);
        queue.enqueue(task("carl", "a"));
        queue.enqueue(task("ada", "a"));
        assertThat(tasksOf("carl")).isEqualTo(2);
        assertThat(tasksOf("ada")).isEqualTo(6);
    }

    @Test
    void submissionsPerMinuteAreCountedPerUserAndMinute() {
        clock.set(T0.plusSeconds(20));
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(null, 3));
        queue.enqueueAll(List.of(task("ada", "a"), task("ada", "b")));
        queue.enqueue(task("ada", "a"));

        assertThatThrownBy(() -> queue.enqueue(task("ada", "c")))
                .isInstanceOfSatisfying(SubmitRateException.class, e -> {
                    assertThat(e.user()).isEqualTo("ada");
                    assertThat(e.limit()).isEqualTo(3);
                    assertThat(e.retryAfterSeconds()).isEqualTo(40);
                    assertThat(e.httpStatus()).isEqualTo(429);
                });
        assertThatThrownBy(() -> queue.enqueueAll(
                        List.of(task("ada", "a"), task("ada", "a"), task("ada", "a"), task("ada", "a"))))
                .as("a batch larger than the limit")
                .isInstanceOf(SubmitRateException.class);
        queue.enqueue(task("bob", "a"));
        assertThat(tasksOf("ada")).isEqualTo(3);

        clock.advance(Duration.ofSeconds(40));
        queue.enqueue(task("ada", "c"));
        assertThat(tasksOf("ada")).isEqualTo(4);
        fixture.maintenance();
    }

    @Test
    void aRefusedSubmissionIsNotCounted() {
        accounts.addAccount(NewAccount.of("ada", Role.SUBMITTER).withLimits(1, 5));
        queue.enqueue(task("ada", "a"));
        for (int i = 0; i < 10; i++) {
            assertThatThrownBy(() -> queue.enqueue(task("ada", "a"))).isInstanceOf(PendingLimitException.class);
        }
        queue.claim(ClaimRequest.of("a", "w", 1));
        assertThat(queue.enqueue(task("ada", "a")).created())
                .as("ten refusals did not use the minute's five")
                .isTrue();
    }
}
