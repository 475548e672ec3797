package dev.tide.campus.app;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on the campus application with everything of Tide it uses: no package cycles, layers. */
class CampusAppArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.campus.app.CampusApplication";
    }
}
