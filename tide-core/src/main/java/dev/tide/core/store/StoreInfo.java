package dev.tide.core.store;

/**
 * @param dialect "sqlite" or "postgresql"
 * @param multiNode whether several Tide processes may share this store
 * @param location where the data lives, for messages (a file path or a JDBC URL without credentials)
 */
public record StoreInfo(String dialect, boolean multiNode, String location) {}
