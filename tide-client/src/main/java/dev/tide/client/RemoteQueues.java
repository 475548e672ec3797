package dev.tide.client;

import dev.tide.api.QueueDefinition;
import dev.tide.api.QueueInfo;
import dev.tide.api.QueueUser;
import dev.tide.api.Queues;
import dev.tide.api.ServedTasks;
import dev.tide.api.StatusReport;
import dev.tide.api.UserShares;
import dev.tide.api.http.HttpBodies;
import dev.tide.api.http.Routes;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** {@link Queues} over the HTTP API: what {@link TideClient#queues()} answers with. */
final class RemoteQueues implements Queues {
    private final JsonHttp http;

    RemoteQueues(JsonHttp http) {
        this.http = http;
    }

    @Override
    public QueueInfo define(QueueDefinition definition) {
        Objects.requireNonNull(definition, "definition");
        return http.call("PUT", Routes.path(Routes.QUEUE, definition.name()), definition, QueueInfo.class);
    }

    @Override
    public List<QueueInfo> list() {
        return http.call("GET", Routes.path(Routes.QUEUES), null, HttpBodies.Queues.class)
                .queues();
    }

    @Override
    public QueueInfo suspend(String name) {
        return http.call("POST", Routes.path(Routes.QUEUE_SUSPEND, name), null, QueueInfo.class);
    }

    @Override
    public QueueInfo resume(String name) {
        return http.call("POST", Routes.path(Routes.QUEUE_RESUME, name), null, QueueInfo.class);
    }

    @Override
    public StatusReport suspendAll() {
        return http.call("POST", Routes.path(Routes.SUSPEND), null, StatusReport.class);
    }

    @Override
    public StatusReport resumeAll() {
        return http.call("POST", Routes.path(Routes.RESUME), null, StatusReport.class);
    }

    @Override
    public List<QueueUser> assignUsers(String queue, UserShares shares) {
        return http.call("PUT", Routes.path(Routes.QUEUE_USERS, queue), shares, HttpBodies.QueueUsers.class)
                .users();
    }

    @Override
    public List<QueueUser> adjustUsers(String queue, UserShares shares) {
        return http.call("PATCH", Routes.path(Routes.QUEUE_USERS, queue), shares, HttpBodies.QueueUsers.class)
                .users();
    }

    @Override
    public List<QueueUser> users(String queue) {
        return http.call("GET", Routes.path(Routes.QUEUE_USERS, queue), null, HttpBodies.QueueUsers.class)
                .users();
    }

    @Override
    public ServedTasks served(String queue) {
        return http.call("GET", Routes.path(Routes.QUEUE_SERVED, queue), null, ServedTasks.class);
    }

    @Override
    public Set<String> prohibitUsers(Set<String> users) {
        return http.call(
                        "PUT",
                        Routes.path(Routes.PROHIBITED_USERS),
                        new HttpBodies.Users(users),
                        HttpBodies.Users.class)
                .users();
    }

    @Override
    public Set<String> prohibitedUsers() {
        return http.call("GET", Routes.path(Routes.PROHIBITED_USERS), null, HttpBodies.Users.class)
                .users();
    }
}
