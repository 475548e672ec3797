package dev.tide.config;

/** Which store the settings open: {@code tide.store}. */
public enum StoreKind {
    SQLITE,
    POSTGRESQL
}
