package dev.tide.core;

import dev.tide.api.InvalidRequestException;

/**
 * Tide was asked to join a transaction it cannot join: a connection with no open transaction (autocommit on), a
 * connection to another database or schema than Tide's store, or any connection on SQLite. Nothing was written.
 */
public final class TransactionJoinException extends InvalidRequestException {
    private static final long serialVersionUID = 1L;

    public TransactionJoinException(String problem) {
        super("connection", problem);
    }

    @Override
    public String code() {
        return "cannot_join_transaction";
    }
}
