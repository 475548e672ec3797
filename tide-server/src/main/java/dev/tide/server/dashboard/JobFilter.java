package dev.tide.server.dashboard;

import dev.tide.api.JobQuery;
import dev.tide.api.JobState;
import java.util.LinkedHashMap;
import java.util.Map;

/** The jobs list's filter as the URL holds it: state, type, owner, overdue. */
public record JobFilter(Map<String, String> values) {
    static final String[] NAMES = {"state", "type", "owner", "overdue"};

    static JobFilter from(PageContext page) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : NAMES) {
            String value = page.query(name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return new JobFilter(values);
    }

    public String get(String name) {
        return values.getOrDefault(name, "");
    }

    public boolean is(String name, String value) {
        return value.equals(values.get(name));
    }

    JobQuery query() {
        JobQuery q = JobQuery.all();
        if (values.containsKey("state")) {
            q = q.withState(JobState.parse(values.get("state")));
        }
        if (values.containsKey("type")) {
            q = q.withType(values.get("type"));
        }
        if (values.containsKey("owner")) {
            q = q.withOwner(values.get("owner"));
        }
        if ("true".equals(values.get("overdue"))) {
            q = q.withDeadlinePassed(true);
        }
        return q;
    }

    /** The URL query of this filter, with a cursor for another page. */
    public String link(String cursor) {
        Map<String, Object> params = new LinkedHashMap<>(values);
        params.put("cursor", cursor);
        return Urls.query(params);
    }
}
