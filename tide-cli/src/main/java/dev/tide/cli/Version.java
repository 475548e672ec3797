package dev.tide.cli;

import picocli.CommandLine;

/** Reports the version from the jar's manifest (or "development" when run from classes). */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"tide " + (version == null ? "development" : version)};
    }
}
