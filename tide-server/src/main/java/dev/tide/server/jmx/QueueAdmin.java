package dev.tide.server.jmx;

import dev.tide.api.Discipline;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NotFoundException;
import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.StatusReport;
import dev.tide.api.TaskSelection;
import dev.tide.api.UserShares;
import dev.tide.core.Tide;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One queue's bean over the engine. A setting is changed by defining the queue again with that one setting changed,
 * so the others stay as they are.
 */
final class QueueAdmin implements QueueAdminMXBean {
    private final Tide tide;
    private final String name;

    QueueAdmin(Tide tide, String name) {
        this.tide = tide;
        this.name = name;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getDiscipline() {
        return info().discipline().wireName();
    }

    @Override
    public void setDiscipline(String discipline) {
        change(d -> d.withDiscipline(Discipline.parse(discipline)));
    }

    @Override
    public boolean isSuspended() {
        return info().suspended();
    }

    @Override
    public int getDefaultAllocation() {
        return info().defaultAllocation();
    }

    @Override
    public void setDefaultAllocation(int allocation) {
        change(d -> d.withDefaultAllocation(allocation));
    }

    @Override
    public int getDefaultConcurrency() {
        Integer cap = info().defaultConcurrency();
        return cap == null ? -1 : cap;
    }

    @Override
    public void setDefaultConcurrency(int concurrency) {
        change(d -> d.withDefaultConcurrency(concurrency < 0 ? null : concurrency));
    }

    @Override
    public int getMaxPending() {
        return orZero(info().maxPending());
    }

    @Override
    public void setMaxPending(int bound) {
        change(d -> d.withPendingBounds(bound(bound), d.maxPendingPerKey(), d.maxPendingPerUser()));
    }

    @Override
    public int getMaxPendingPerUser() {
        return orZero(info().maxPendingPerUser());
    }

    @Override
    public void setMaxPendingPerUser(int bound) {
        change(d -> d.withPendingBounds(d.maxPending(), d.maxPendingPerKey(), bound(bound)));
    }

    @Override
    public int getMaxPendingPerKey() {
        return orZero(info().maxPendingPerKey());
    }

    @Override
    public void setMaxPendingPerKey(int bound) {
        change(d -> d.withPendingBounds(d.maxPending(), bound(bound), d.maxPendingPerUser()));
    }

    @Override
    public String getProhibitedUsers() {
        return JmxCalls.text(info().prohibitedUsers());
    }

    @Override
    public void setProhibitedUsers(String users) {
        change(d -> d.withProhibitedUsers(JmxCalls.names(users)));
    }

    @Override
    public long getDepth() {
        StatusReport.QueueDepth depth = depth();
        return depth == null ? 0 : depth.ready() + depth.scheduled() + depth.blocked() + depth.parked();
    }

    @Override
    public long getReady() {
        StatusReport.QueueDepth depth = depth();
        return depth == null ? 0 : depth.ready();
    }

    @Override
    public long getLeased() {
        StatusReport.QueueDepth depth = depth();
        return depth == null ? 0 : depth.leased();
    }

    @Override
    public long getParked() {
        StatusReport.QueueDepth depth = depth();
        return depth == null ? 0 : depth.parked();
    }

    @Override
    public String[] getUsers() {
        return lines(JmxCalls.read(() -> tide.queues().users(name)));
    }

    @Override
    public String[] assignUsersAllocations(String users, int allocation) {
        return adjust(() -> new UserShares(required(users), allocation, null, null));
    }

    @Override
    public String[] assignUsersConcurrencies(String users, int concurrency) {
        return adjust(() -> new UserShares(required(users), null, concurrency, null));
    }

    @Override
    public String[] assignUsersPendingLimits(String users, int maxPending) {
        return adjust(() -> new UserShares(required(users), null, null, maxPending));
    }

    @Override
    public String[] resetUsers(String users) {
        return lines(JmxCalls.change(
                () -> tide.queues().assignUsers(name, new UserShares(required(users), null, null, null))));
    }

    @Override
    public void suspend() {
        JmxCalls.change(() -> tide.queues().suspend(name));
    }

    @Override
    public void resume() {
        JmxCalls.change(() -> tide.queues().resume(name));
    }

    @Override
    public int park(String owner, String receivedFrom, String receivedTo) {
        return JmxCalls.change(() -> tide.park(selection(owner, receivedFrom, receivedTo)));
    }

    @Override
    public int unpark(String owner, String receivedFrom, String receivedTo) {
        return JmxCalls.change(() -> tide.unpark(selection(owner, receivedFrom, receivedTo)));
    }

    private String[] adjust(Supplier<UserShares> shares) {
        return lines(JmxCalls.change(() -> tide.queues().adjustUsers(name, shares.get())));
    }

    private Set<String> required(String users) {
        Set<String> names = JmxCalls.names(users);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("users: name at least one user (separated by commas or spaces)");
        }
        return names;
    }

    private TaskSelection selection(String owner, String receivedFrom, String receivedTo) {
        return new TaskSelection(
                List.of(),
                blankToNull(owner),
                name,
                instant("receivedFrom", receivedFrom),
                instant("receivedTo", receivedTo));
    }

    private static Instant instant(String field, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(
                    field, "'" + text + "' is not an ISO-8601 instant (2030-01-31T09:00:00Z)");
        }
    }

    private void change(UnaryOperator<QueueDefinition> edit) {
        JmxCalls.change(() -> {
            QueueDefinition current = info().definition();
            return tide.queues().define(edit.apply(current));
        });
    }

    private QueueInfo info() {
        return JmxCalls.read(() -> tide.queues().list().stream()
                .filter(q -> q.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new NotFoundException("queue " + name)));
    }

    private StatusReport.QueueDepth depth() {
        return JmxCalls.read(() -> tide.monitoring().status().queues().stream()
                .filter(q -> q.queue().equals(name))
                .findFirst()
                .orElse(null));
    }

    private static String[] lines(List<QueueUser> users) {
        return users.stream().map(QueueAdmin::line).toArray(String[]::new);
    }

    /** One user as a line: its effective settings, marked "(own)" where they are its own rather than the queue's. */
    static String line(QueueUser u) {
        return u.user()
                + " allocation=" + u.effectiveAllocation() + (u.allocation() != null ? " (own)" : "")
                + " concurrency=" + (u.effectiveConcurrency() == null ? "none" : u.effectiveConcurrency())
                + (u.concurrency() != null ? " (own)" : "")
                + " maxPending=" + (u.effectiveMaxPending() == null ? "none" : u.effectiveMaxPending())
                + (u.maxPending() != null ? " (own)" : "")
                + " leased=" + u.leased();
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static Integer bound(int value) {
        return value <= 0 ? null : value;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
