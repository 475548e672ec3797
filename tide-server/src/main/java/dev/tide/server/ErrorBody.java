package dev.tide.server;

import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeaseLostException;
import dev.tide.api.TideException;

/**
 * The JSON body of every error answer.
 *
 * @param error a stable code ({@link TideException#code()}), e.g. {@code invalid_request}, {@code lease_lost}
 * @param field for {@code invalid_request}: the offending field, as a path into the request ({@code tasks[2].type})
 * @param taskId for {@code lease_lost}: the task whose lease was lost
 */
record ErrorBody(String error, String message, String field, Long taskId) {

    static ErrorBody of(TideException e) {
        String field = e instanceof InvalidRequestException invalid ? invalid.field() : null;
        Long taskId = e instanceof LeaseLostException lost ? lost.taskId() : null;
        return new ErrorBody(e.code(), e.getMessage(), field, taskId);
    }

    static ErrorBody of(String error, String message) {
        return new ErrorBody(error, message, null, null);
    }
}
