package dev.tide.cli;

import dev.tide.core.TideVersion;
import picocli.CommandLine;

/** Reports the release the build wrote into tide-core ("development" when it did not), as the nodes registry does. */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"tide " + TideVersion.current()};
    }
}
