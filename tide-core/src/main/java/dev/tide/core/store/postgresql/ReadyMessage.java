package dev.tide.core.store.postgresql;

/**
 * The payload of a {@code tide_ready} notification: {@code origin/queue/schema}. The channel is shared by every Tide
 * installation in the database, so a listener keeps only its own schema's messages, and skips its own store's (the
 * engine already woke its local waiters at commit). Neither an origin (hex) nor a queue name can contain a slash.
 *
 * @param origin the publishing store's random id
 * @param schema the schema whose tables got ready tasks
 */
record ReadyMessage(String origin, String queue, String schema) {

    String encode() {
        return origin + "/" + queue + "/" + schema;
    }

    /** The message, or null for a payload that is not one. */
    static ReadyMessage decode(String payload) {
        if (payload == null) {
            return null;
        }
        int first = payload.indexOf('/');
        int second = first < 0 ? -1 : payload.indexOf('/', first + 1);
        if (first <= 0 || second <= first + 1) {
            return null;
        }
        return new ReadyMessage(
                payload.substring(0, first), payload.substring(first + 1, second), payload.substring(second + 1));
    }
}
