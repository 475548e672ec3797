package dev.tide.api;

/**
 * A profile at this moment: what it allows and what has been used.
 *
 * @param active the entry in force (null entry: the default) with its limits and hour
 * @param usedThisHour the units counted in {@code active.hourStart()}'s hour so far
 * @param leased the profile's tasks leased now
 */
public record ProfileStatus(ActiveProfile active, long usedThisHour, long leased) {}
