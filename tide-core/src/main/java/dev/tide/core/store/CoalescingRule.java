package dev.tide.core.store;

import dev.tide.api.Coalescing;
import dev.tide.api.CoalescingCheck;
import dev.tide.api.TaskInfo;

/**
 * How a task with a coalescing key treats the pending tasks that share its key, resolved by the engine from the task's
 * type: a fixed policy, or an in-process check that decides per pending task. A task whose rule would keep every
 * pending task carries no rule at all, and the store then looks nothing up.
 */
public record CoalescingRule(Coalescing policy, CoalescingCheck check) {

    public static CoalescingRule of(Coalescing policy) {
        return new CoalescingRule(policy, null);
    }

    public static CoalescingRule checkedBy(CoalescingCheck check) {
        return new CoalescingRule(null, check);
    }

    /** The decision for one pending task; {@link Coalescing#KEEP} when a check answers null. */
    public Coalescing decide(TaskInfo pending, TaskInfo incoming) {
        if (check == null) {
            return policy;
        }
        Coalescing decided = check.decide(pending, incoming);
        return decided == null ? Coalescing.KEEP : decided;
    }
}
