package dev.tide.core;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on tide-api and tide-core. */
class CoreArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.core.Tide";
    }
}
