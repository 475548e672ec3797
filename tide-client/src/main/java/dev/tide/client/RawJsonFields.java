package dev.tide.client;

import dev.tide.api.Ack;
import dev.tide.api.JsonInput;
import dev.tide.api.NewJob;
import dev.tide.api.NewTask;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the raw JSON fields (payloads, results, job info) before they are embedded in a request. They travel
 * verbatim, so an invalid one would break the whole body; checked here, it is refused as the engine refuses it, with
 * the same field name ({@code tasks[1].payload}), and what is sent is its compact form, as the engine would store it.
 */
final class RawJsonFields {
    private RawJsonFields() {}

    static List<NewTask> tasks(List<NewTask> tasks, boolean alwaysIndexed) {
        if (tasks == null) {
            return null;
        }
        List<NewTask> out = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            String prefix = tasks.size() == 1 && !alwaysIndexed ? "" : "tasks[" + i + "].";
            out.add(task(tasks.get(i), prefix));
        }
        return out;
    }

    static NewTask task(NewTask t, String prefix) {
        if (t == null || t.payload() == null) {
            return t;
        }
        return t.withPayload(JsonInput.normalize(prefix + "payload", t.payload()));
    }

    static NewJob job(NewJob job) {
        if (job == null) {
            return null;
        }
        return new NewJob(
                job.type(),
                job.title(),
                job.owner(),
                job.priority(),
                job.deadline(),
                JsonInput.normalize("info", job.info()),
                tasks(job.tasks(), true));
    }

    static List<Ack> acks(List<Ack> acks) {
        if (acks == null) {
            return null;
        }
        List<Ack> out = new ArrayList<>(acks.size());
        for (int i = 0; i < acks.size(); i++) {
            out.add(ack(acks.get(i), acks.size() == 1 ? "" : "acks[" + i + "]."));
        }
        return out;
    }

    static Ack ack(Ack a, String prefix) {
        if (a == null) {
            return null;
        }
        List<NewTask> enqueue = new ArrayList<>(a.enqueue().size());
        for (int i = 0; i < a.enqueue().size(); i++) {
            enqueue.add(task(a.enqueue().get(i), prefix + "enqueue[" + i + "]."));
        }
        return new Ack(
                a.taskId(),
                a.token(),
                a.kind(),
                JsonInput.normalize(prefix + "result", a.result()),
                a.message(),
                a.retryDelay(),
                JsonInput.normalize(prefix + "jobInfo", a.jobInfo()),
                enqueue,
                a.unitsUsed());
    }
}
