package dev.tide.core.store;

import dev.tide.api.TideException;

/**
 * The database failed (I/O, connection lost, disk full): HTTP 503. Nothing of the failed call is committed; the caller
 * may retry.
 */
public class StoreException extends TideException {
    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(503, message, cause);
    }

    @Override
    public String code() {
        return "storage_unavailable";
    }
}
