package dev.tide.core.store;

import dev.tide.api.DeadlineNotice;
import java.util.List;
import java.util.Set;

/** The notices a store raised (the others were raised elsewhere or their task finished), and the queues that got alerts. */
public record DeadlineRaised(List<DeadlineNotice> notices, Set<String> readyQueues) {}
