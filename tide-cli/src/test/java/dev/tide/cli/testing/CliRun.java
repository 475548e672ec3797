package dev.tide.cli.testing;

import dev.tide.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the {@code tide} command line in this JVM: its exit code and what it printed on each stream. */
public record CliRun(int code, String out, String err) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
