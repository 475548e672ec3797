package dev.tide.core.engine;

import dev.tide.api.DependencyFailure;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.NewTask;
import dev.tide.core.store.TaskRow.Dependencies;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * The dependencies of the tasks of one request: ids of existing tasks, and refs naming tasks of the same request,
 * resolved to their positions. Refs are checked here, before anything is written: a ref given twice, a ref nobody
 * has, and a cycle among the request's tasks are refused. (A cycle through existing tasks cannot happen: they were
 * enqueued before, so none of them can wait on a task of this request.) Ids are checked by the store.
 */
public final class RequestDependencies {
    /** Refs start with a letter, which tells them apart from task ids. */
    static final Pattern REF = Pattern.compile("[A-Za-z][A-Za-z0-9._:-]{0,99}");

    static final int MAX_PER_TASK = 1000;

    private RequestDependencies() {}

    /** Each task's dependencies, in order; {@code prefix} names a task's fields in errors (e.g. {@code tasks[2].}). */
    public static List<Dependencies> of(List<NewTask> tasks, IntFunction<String> prefix) {
        Map<String, Integer> positions = refPositions(tasks, prefix);
        List<Dependencies> out = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            out.add(dependenciesOf(tasks.get(i), prefix.apply(i), positions));
        }
        refuseCycles(tasks, out, prefix);
        return out;
    }

    private static Map<String, Integer> refPositions(List<NewTask> tasks, IntFunction<String> prefix) {
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            NewTask task = tasks.get(i);
            String ref = task == null ? null : task.ref();
            if (ref == null) {
                continue;
            }
            if (!REF.matcher(ref).matches()) {
                throw new InvalidRequestException(
                        prefix.apply(i) + "ref",
                        "must start with a letter, then letters, digits or . _ : - (at most 100 characters)");
            }
            if (positions.putIfAbsent(ref, i) != null) {
                throw new InvalidRequestException(prefix.apply(i) + "ref", "'" + ref + "' names two tasks");
            }
        }
        return positions;
    }

    private static Dependencies dependenciesOf(NewTask task, String prefix, Map<String, Integer> positions) {
        if (task == null || task.dependsOn().isEmpty()) {
            return Dependencies.NONE;
        }
        String field = prefix + "dependsOn";
        if (task.dependsOn().size() > MAX_PER_TASK) {
            throw new InvalidRequestException(field, "at most " + MAX_PER_TASK + " dependencies per task");
        }
        Set<Long> ids = new LinkedHashSet<>();
        Set<Integer> rows = new LinkedHashSet<>();
        for (String entry : task.dependsOn()) {
            if (entry == null || entry.isBlank()) {
                throw new InvalidRequestException(field, "holds an empty entry; give task ids or refs");
            }
            if (Character.isDigit(entry.charAt(0))) {
                ids.add(taskId(field, entry));
            } else {
                Integer row = positions.get(entry);
                if (row == null) {
                    throw new InvalidRequestException(field, "no task in this request has ref '" + entry + "'");
                }
                rows.add(row);
            }
        }
        return new Dependencies(
                List.copyOf(ids), List.copyOf(rows), task.onDependencyFailure() == DependencyFailure.RUN, field);
    }

    private static long taskId(String field, String entry) {
        try {
            long id = Long.parseLong(entry);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRequestException(field, "'" + entry + "' is neither a task id nor a ref");
    }

    /** Depth-first search over the request's own edges; a task met again while on the path closes a cycle. */
    private static void refuseCycles(List<NewTask> tasks, List<Dependencies> deps, IntFunction<String> prefix) {
        if (deps.stream().allMatch(d -> d.rows().isEmpty())) {
            return; // no task of the request waits on another of it: nothing to walk
        }
        int[] mark = new int[deps.size()]; // 0 unvisited, 1 on the path, 2 done
        for (int start = 0; start < deps.size(); start++) {
            if (mark[start] != 0) {
                continue;
            }
            Deque<int[]> stack = new ArrayDeque<>(); // {task, next edge}
            stack.push(new int[] {start, 0});
            mark[start] = 1;
            while (!stack.isEmpty()) {
                int[] top = stack.peek();
                List<Integer> edges = deps.get(top[0]).rows();
                if (top[1] == edges.size()) {
                    mark[top[0]] = 2;
                    stack.pop();
                    continue;
                }
                int next = edges.get(top[1]++);
                if (mark[next] == 1) {
                    throw new InvalidRequestException(
                            prefix.apply(next) + "dependsOn", "cycle: " + cyclePath(tasks, stack, next));
                }
                if (mark[next] == 0) {
                    mark[next] = 1;
                    stack.push(new int[] {next, 0});
                }
            }
        }
    }

    private static String cyclePath(List<NewTask> tasks, Deque<int[]> stack, int closing) {
        List<String> path = new ArrayList<>();
        for (var it = stack.descendingIterator(); it.hasNext(); ) {
            path.add(tasks.get(it.next()[0]).ref());
        }
        List<String> cycle =
                new ArrayList<>(path.subList(path.indexOf(tasks.get(closing).ref()), path.size()));
        cycle.add(tasks.get(closing).ref());
        return String.join(" -> ", cycle);
    }
}
