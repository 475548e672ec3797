package dev.tide.examples;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on the examples with api and core. */
class ExamplesArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.examples.EmbeddedMailing";
    }
}
