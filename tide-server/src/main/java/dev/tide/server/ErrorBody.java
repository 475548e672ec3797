package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeaseLostException;
import dev.tide.api.PendingLimitException;
import dev.tide.api.SubmitRateException;
import dev.tide.api.TideException;

/**
 * The JSON body of every error answer.
 *
 * @param error a stable code ({@link TideException#code()}), e.g. {@code invalid_request}, {@code lease_lost}
 * @param field for {@code invalid_request}: the offending field, as a path into the request ({@code tasks[2].type})
 * @param taskId for {@code lease_lost}: the task whose lease was lost
 * @param pendingLimit for {@code pending_limit}: which bound of which queue refused the enqueue
 * @param rateLimit for {@code rate_limited}: whose rate, and when it may submit again (as the Retry-After header)
 */
record ErrorBody(
        String error, String message, String field, Long taskId, PendingLimit pendingLimit, RateLimit rateLimit) {

    static ErrorBody of(TideException e) {
        String field = e instanceof InvalidRequestException invalid ? invalid.field() : null;
        Long taskId = e instanceof LeaseLostException lost ? lost.taskId() : null;
        PendingLimit limit = e instanceof PendingLimitException refused ? PendingLimit.of(refused) : null;
        RateLimit retryAfter = e instanceof SubmitRateException rate
                ? new RateLimit(rate.user(), rate.limit(), rate.retryAfterSeconds())
                : null;
        return new ErrorBody(e.code(), e.getMessage(), field, taskId, limit, retryAfter);
    }

    static ErrorBody of(String error, String message) {
        return new ErrorBody(error, message, null, null, null, null);
    }

    /**
     * @param bound {@code queue}, {@code key} or {@code user} (of a queue), or {@code account} (a user across queues)
     * @param key the coalescing key, for the {@code key} bound
     * @param user the owner ({@code ""} for none), for the {@code key} and {@code user} bounds
     */
    record PendingLimit(String bound, int limit, String queue, String key, String user) {
        static PendingLimit of(PendingLimitException e) {
            return new PendingLimit(e.bound().wireName(), e.limit(), e.queue(), e.key(), e.user());
        }
    }

    record RateLimit(String user, int limit, int retryAfterSeconds) {}
}
