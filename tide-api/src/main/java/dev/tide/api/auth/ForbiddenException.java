package dev.tide.api.auth;

import dev.tide.api.TideException;

/** An authenticated user asking for what its roles do not allow (HTTP 403). Nothing was done. */
public class ForbiddenException extends TideException {
    private static final long serialVersionUID = 1L;

    public ForbiddenException(String message) {
        super(403, message);
    }

    @Override
    public String code() {
        return "forbidden";
    }
}
