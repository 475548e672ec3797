package dev.tide.campus;

import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskQueue;
import java.util.ArrayList;
import java.util.List;

/** A job's tasks read back for its report: those that failed, and why, in words for the person they were done for. */
public final class JobTasks {
    private JobTasks() {}

    /** The job's tasks of {@code type} that ended with {@code outcome}, in task order, read page by page. */
    public static List<TaskInfo> ended(TaskQueue queue, long jobId, String type, Outcome outcome) {
        List<TaskInfo> tasks = new ArrayList<>();
        TaskQuery query = TaskQuery.all()
                .withJob(jobId)
                .withType(type)
                .withOutcome(outcome)
                .withLimit(TaskQuery.MAX_LIMIT);
        while (true) {
            Page<TaskInfo> page = queue.tasks(query);
            tasks.addAll(page.items());
            if (page.nextCursor() == null) {
                return tasks;
            }
            query = query.withCursor(page.nextCursor());
        }
    }

    /**
     * Why a task failed, for its sender: the task's message without the name of the exception the handler threw
     * (Tide keeps it for operators), e.g. {@code 550 5.1.1 <x@y>: no such mailbox}.
     */
    public static String reason(TaskInfo task) {
        String text = task.message();
        if (text == null || text.isBlank()) {
            return "no reason recorded";
        }
        return text.replaceFirst("^(TaskFailure|SendDeferred): ", "");
    }
}
