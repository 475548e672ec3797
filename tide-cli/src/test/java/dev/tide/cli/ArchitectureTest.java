package dev.tide.cli;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on every module the command line is built from: api, core, client, server and cli. */
class ArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.cli.Main";
    }
}
