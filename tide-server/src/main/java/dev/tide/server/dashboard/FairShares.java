package dev.tide.server.dashboard;

import dev.tide.api.QueueUser;
import java.util.List;

/**
 * A fair queue's users with the share of its turns each is due: its allocation over the allocations of the users
 * waiting now (a user that waits for nothing is due nothing).
 */
public record FairShares(List<Line> lines) {
    /** One user, and the share (0 to 1) of the turns due to it. */
    public record Line(QueueUser user, double shareDue) {
        public String shareDuePercent() {
            return String.format(java.util.Locale.ROOT, "%.1f %%", shareDue * 100);
        }
    }

    static FairShares of(List<QueueUser> users) {
        long waiting = users.stream()
                .filter(QueueUser::waiting)
                .mapToLong(QueueUser::effectiveAllocation)
                .sum();
        return new FairShares(users.stream()
                .map(u -> new Line(u, u.waiting() && waiting > 0 ? (double) u.effectiveAllocation() / waiting : 0))
                .toList());
    }
}
