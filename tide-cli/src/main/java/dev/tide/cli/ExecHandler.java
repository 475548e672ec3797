package dev.tide.cli;

import dev.tide.api.TaskInfo;
import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskFailure;
import dev.tide.api.worker.TaskHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs one task as a command of the host ({@code sh -c <command>}): the payload on its standard input, the task in
 * environment variables, and its exit status for the outcome. This is how a {@code tide cycle} run by cron hands work
 * to an application that is not Java (a PHP script on shared hosting, say).
 *
 * <p>Exit 0: the task succeeded. Exit {@value #FAIL_FOR_GOOD} (EX_DATAERR): it failed for good, with no further attempt
 * (a logical failure). Any other status: the attempt failed and the task is retried after its backoff. The last line
 * the command wrote on standard error becomes the task's message. A command still running when the task's lease runs
 * out is killed, and the attempt fails.
 */
final class ExecHandler implements TaskHandler {
    static final int FAIL_FOR_GOOD = 65;
    private static final int MESSAGE_CHARS = 500;

    private final String command;

    ExecHandler(String command) {
        this.command = command;
    }

    @Override
    public void handle(TaskContext ctx) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder(List.of("/bin/sh", "-c", command)).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        environment(builder.environment(), ctx);
        Process process = builder.start();
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(process));
        try (OutputStream in = process.getOutputStream()) {
            String payload = ctx.payload();
            in.write((payload == null ? "" : payload).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the command need not read its input: a closed pipe is no failure of the task
        }
        Duration lease = ctx.lease().duration();
        if (!process.waitFor(lease.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("command still running when the lease of " + lease + " ran out: killed");
        }
        int status = process.exitValue();
        if (status == 0) {
            return;
        }
        String message = "exit " + status + lastLine(stderr.join());
        if (status == FAIL_FOR_GOOD) {
            throw new TaskFailure(message);
        }
        throw new IllegalStateException(message);
    }

    private static void environment(Map<String, String> env, TaskContext ctx) {
        TaskInfo task = ctx.task();
        env.put("TIDE_TASK_ID", Long.toString(task.id()));
        env.put("TIDE_TASK_TYPE", task.type());
        env.put("TIDE_TASK_QUEUE", task.queue());
        env.put("TIDE_TASK_ATTEMPT", Integer.toString(task.attempts()));
        putIfSet(env, "TIDE_TASK_OWNER", task.owner());
        putIfSet(env, "TIDE_JOB_ID", task.jobId());
        putIfSet(env, "TIDE_TASK_BUDGET", ctx.budget());
    }

    private static void putIfSet(Map<String, String> env, String name, Object value) {
        if (value != null) {
            env.put(name, value.toString());
        }
    }

    private static String readAll(Process process) {
        try {
            return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static String lastLine(String text) {
        String last = text.strip().lines().reduce((a, b) -> b).orElse("").strip();
        if (last.isEmpty()) {
            return "";
        }
        return ": " + (last.length() > MESSAGE_CHARS ? last.substring(0, MESSAGE_CHARS) : last);
    }
}
