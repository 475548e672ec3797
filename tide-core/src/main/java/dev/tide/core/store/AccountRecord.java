package dev.tide.core.store;

import dev.tide.api.auth.Account;

/** An account and its password hash (null without a password): what sign-in checks against. */
public record AccountRecord(Account account, String passwordHash) {}
