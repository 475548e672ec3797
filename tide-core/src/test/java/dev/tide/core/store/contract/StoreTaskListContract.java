package dev.tide.core.store.contract;

import static dev.tide.core.store.contract.TaskRows.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.EnqueueResult;
import dev.tide.api.Page;
import dev.tide.api.TaskCount;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.core.store.TaskListing;
import dev.tide.core.store.TaskReads;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task list's bounded text search: a page reads at most {@code scanRows} rows of its indexed filters, answers the
 * matches among them, and when it stopped at that bound says so ({@link Page#partial()}) with a cursor that continues
 * after the last row read; counts of such a search are lower bounds past the bound.
 */
public abstract class StoreTaskListContract extends StoreContract {
    private TaskReads reads;
    private final List<Long> ids = new ArrayList<>();

    /** 28 tasks in id order; the 5th, 17th and 26th (1-based) have {"hit":1}, the rest {"hit":0}. */
    @BeforeEach
    void fill() {
        reads = store.reads();
        List<dev.tide.core.store.TaskRow> rows = new ArrayList<>();
        for (int i = 1; i <= 28; i++) {
            boolean hit = i == 5 || i == 17 || i == 26;
            rows.add(task("t", T0)
                    .queue(i % 2 == 0 ? "even" : "odd")
                    .payload("{\"hit\":" + (hit ? 1 : 0) + "}")
                    .row());
        }
        store.inserts().taskInsertMany(rows).results().stream()
                .map(EnqueueResult::id)
                .forEach(ids::add);
    }

    private Page<TaskInfo> page(TaskQuery query, int scanRows) {
        return reads.taskList(new TaskListing(query, scanRows));
    }

    private static List<Long> idsOf(Page<TaskInfo> page) {
        return page.items().stream().map(TaskInfo::id).toList();
    }

    @Test
    void aSearchStopsAtItsBoundWithAPartialPageAndContinuesFromTheLastRowRead() {
        TaskQuery query = TaskQuery.all().withPayload("hit", "1").withLimit(5);

        Page<TaskInfo> first = page(query, 10);
        assertThat(idsOf(first)).containsExactly(ids.get(4));
        assertThat(first.partial()).isTrue();
        assertThat(first.nextCursor()).isNotNull();

        Page<TaskInfo> second = page(query.withCursor(first.nextCursor()), 10);
        assertThat(idsOf(second)).containsExactly(ids.get(16));
        assertThat(second.partial()).isTrue();

        Page<TaskInfo> last = page(query.withCursor(second.nextCursor()), 10);
        assertThat(idsOf(last)).as("8 rows left, all read").containsExactly(ids.get(25));
        assertThat(last.partial()).isFalse();
        assertThat(last.nextCursor()).isNull();
    }

    @Test
    void aPartialPageMayHoldNothingAndStillContinue() {
        TaskQuery query = TaskQuery.all().withPayload("hit", "1").sortedBy(TaskQuery.Sort.ID, true);
        Page<TaskInfo> first = page(query, 2);
        assertThat(first.items()).isEmpty();
        assertThat(first.partial()).isTrue();
        Page<TaskInfo> next = page(query.withCursor(first.nextCursor()), 2);
        assertThat(idsOf(next)).containsExactly(ids.get(25));
    }

    @Test
    void theBoundCountsTheRowsOfTheIndexedFiltersOnly() {
        // The odd queue's rows are 1, 3, 5, ...: the 5th task is the third of them, the 17th the ninth.
        TaskQuery odd = TaskQuery.all().withQueue("odd").withPayload("hit", "1");
        Page<TaskInfo> page = page(odd, 9);
        assertThat(idsOf(page)).containsExactly(ids.get(4), ids.get(16));
        assertThat(page.partial()).isTrue();
        assertThat(page(odd.withCursor(page.nextCursor()), 9).items()).isEmpty();
    }

    @Test
    void aPageThatFillsBeforeItsBoundIsAnOrdinaryPage() {
        Page<TaskInfo> page = page(TaskQuery.all().withPayload("hit", "0").withLimit(3), 10);
        assertThat(page.items()).hasSize(3);
        assertThat(page.partial()).isFalse();
        assertThat(page.nextCursor()).isNotNull();
    }

    @Test
    void aCountOfASearchPastItsBoundIsALowerBound() {
        TaskQuery query = TaskQuery.all().withPayload("hit", "1");
        assertThat(reads.taskCountMatching(new TaskListing(query, 10))).isEqualTo(new TaskCount(1, true));
        assertThat(reads.taskCountMatching(new TaskListing(query, 28))).isEqualTo(new TaskCount(3, false));
        assertThat(reads.taskCountMatching(new TaskListing(query, 100))).isEqualTo(new TaskCount(3, false));
        assertThat(reads.taskCountMatching(TaskListing.of(TaskQuery.all().withQueue("even"))))
                .isEqualTo(new TaskCount(14, false));
    }
}
