package dev.tide.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedMailingTest {
    @TempDir
    Path folder;

    @Test
    void theExampleSendsTheMailingAndReports() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            EmbeddedMailing.main(new String[] {folder.toString()});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(out)
                .contains("report for teacher@example.org: job 'welcome letters' failed, 3 sent, 1 failed")
                .contains("finished (3 of 4 succeeded)");
    }
}
