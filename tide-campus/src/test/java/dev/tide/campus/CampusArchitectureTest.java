package dev.tide.campus;

import dev.tide.architecture.ArchitectureContract;

/** The architecture rules on the campus application with api and core. */
class CampusArchitectureTest extends ArchitectureContract {
    @Override
    protected String ownClass() {
        return "dev.tide.campus.mail.CampusMailer";
    }
}
