package dev.tide.cli;

import dev.tide.api.Outcome;
import dev.tide.api.Page;
import dev.tide.api.TaskInfo;
import dev.tide.api.TaskQuery;
import dev.tide.api.TaskState;
import dev.tide.api.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tide tasks}: the visible list a person picks a task from. */
@Command(name = "tasks", description = "List tasks, filtered, sorted and paged.")
final class TasksCommand implements Runnable {
    @Mixin
    TargetOptions target;

    @Option(names = "--queue", description = "Only this queue.")
    String queue;

    @Option(names = "--state", description = "Only this state: scheduled, ready, leased, finished.")
    String state;

    @Option(names = "--outcome", description = "Only this outcome: succeeded, failed, cancelled.")
    String outcome;

    @Option(names = "--type", description = "Only this task type.")
    String type;

    @Option(names = "--job", description = "Only tasks of this job.")
    Long job;

    @Option(names = "--owner", description = "Only tasks of this user.")
    String owner;

    @Option(names = "--worker", description = "Only tasks held (or last held) by this worker.")
    String worker;

    @Option(names = "--errors", description = "Only tasks that failed, or whose last attempt failed.")
    boolean errors;

    @Option(names = "--sort", defaultValue = "id", description = "id, created, priority, deadline or finished.")
    String sort;

    @Option(names = "--desc", description = "Sort descending.")
    boolean descending;

    @Option(names = "--limit", defaultValue = "50", description = "Tasks per page (1 to 1000).")
    int limit;

    @Option(names = "--cursor", description = "The cursor printed under the previous page.")
    String cursor;

    @Option(names = "--json", description = "Print the page as JSON.")
    boolean json;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        TaskQuery query = new TaskQuery(
                queue,
                TaskState.parse(state),
                Outcome.parse(outcome),
                type,
                job,
                owner,
                worker,
                errors,
                TaskQuery.Sort.parse(sort),
                descending,
                limit,
                cursor);
        Page<TaskInfo> page;
        try (TargetOptions.Target t = target.openToRead("tide tasks")) {
            page = t.queue().tasks(query);
        }
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(page));
            out.flush();
            return;
        }
        Table table = new Table("ID", "TYPE", "QUEUE", "STATUS", "TRIES", "PRIO", "OWNER", "JOB", "CREATED", "MESSAGE");
        for (TaskInfo t : page.items()) {
            table.row(
                    t.id(),
                    t.type(),
                    t.queue(),
                    t.status(),
                    t.attempts() + "/" + t.maxAttempts(),
                    t.priority(),
                    t.owner(),
                    t.jobId(),
                    t.createdAt(),
                    t.message());
        }
        if (table.isEmpty()) {
            out.println("no tasks match");
        } else {
            table.print(out);
        }
        if (page.nextCursor() != null) {
            out.println("more: --cursor " + page.nextCursor());
        }
        out.flush();
    }
}
