package dev.tide.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleasePipelineTest {
    @TempDir
    Path folder;

    @Test
    void theReleaseRunsInDependencyOrderAndTheParkedTaskOnlyAfterUnpark() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            ReleasePipeline.main(new String[] {folder.toString()});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("deploy is blocked until tasks [2, 3] succeed").contains("parked 1 task of intern");
        String ran = out.lines().filter(l -> l.startsWith("ran ")).findFirst().orElseThrow();
        assertThat(ran)
                .startsWith("ran build, ")
                .endsWith(", deploy")
                .contains("test-linux")
                .contains("test-mac");
        assertThat(ran).doesNotContain("nightly");
        assertThat(out).contains("after unpark: ran nightly");
    }
}
